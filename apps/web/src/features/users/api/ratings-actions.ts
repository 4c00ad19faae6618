import { endpoints, type ReferenceBody } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';

/** POST /api/trips/:tripId/reply/:userId: the rated user's one reply. */
export const replyRating = ({ tripId, userId, comment }: { tripId: number; userId: number; comment: string }) =>
  api.call(endpoints.ratings.reply, { params: { tripId, userId }, body: { comment } });

/** POST /api/references. */
export const createReference = (body: ReferenceBody) => api.call(endpoints.ratings.createReference, { body });

export function useReplyRating() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: replyRating, onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.all }) });
}

export function useCreateReference() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createReference, onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.all }) });
}
