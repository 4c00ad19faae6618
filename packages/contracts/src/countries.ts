import { z } from 'zod';

/**
 * ISO 3166 alpha-3 → alpha-2 for the countries of the places data (Argentina and its neighbours).
 * The spec's constant is alpha-2 (`AR`); the provider's client configuration uses alpha-3
 * (`osm_country: "ARG"`): both are accepted.
 */
export const ALPHA3_TO_ALPHA2: Readonly<Record<string, string>> = {
  ARG: 'AR',
  BOL: 'BO',
  BRA: 'BR',
  CHL: 'CL',
  PRY: 'PY',
  PER: 'PE',
  URY: 'UY',
};

/** `ar`, `AR`, `arg` or `ARG` → `AR`; another 3-letter code is left as it is (it matches no place). */
export function toAlpha2(code: string): string {
  const upper = code.trim().toUpperCase();
  return ALPHA3_TO_ALPHA2[upper] ?? upper;
}

/** A country query parameter: ISO alpha-2 or alpha-3, answered as alpha-2. */
export const CountryQuerySchema = () => z.string().regex(/^[A-Za-z]{2,3}$/, 'ISO 3166 alpha-2 or alpha-3').transform(toAlpha2);
