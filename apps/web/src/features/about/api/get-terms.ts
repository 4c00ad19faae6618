import { endpoints } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sanitizeTermsHtml } from '../utils/sanitize';
import { aboutKeys } from './query-keys';

/** GET /api/users/terms?lang=: the server's HTML, sanitized here before anything renders it. */
export async function getTerms(lang: string, { signal }: { signal?: AbortSignal } = {}): Promise<string> {
  const answer = await api.call(endpoints.users.terms, { query: { lang }, signal });
  return sanitizeTermsHtml(answer.content);
}

export const termsQueryOptions = (lang: string) =>
  queryOptions({ queryKey: aboutKeys.terms(lang), queryFn: ({ signal }) => getTerms(lang, { signal }), staleTime: Infinity });

export const useTerms = (lang: string) => useQuery(termsQueryOptions(lang));
