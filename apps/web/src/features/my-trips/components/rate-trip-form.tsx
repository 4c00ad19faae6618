import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { LENGTHS, fullTripOf, type PendingRating, type RatingValue } from '@carpool/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useAppConfig } from '@/lib/app-config';
import { toast } from '@/lib/toast';
import { myTripsKeys } from '@/lib/query-keys';
import { getOwnProfile, useRateUser } from '../api/rate-user';
import { shouldAskDonationAfterRating } from '@/lib/donations';

/**
 * The vote of a pending rating: a click on a score selects it and opens the comment, a second click
 * deselects it. Nothing is sent without a score; a negative vote needs a comment (spec §4, §5).
 */
export function RateTripForm({ rating, onDonationAsked }: { rating: PendingRating; onDonationAsked: (tripId: number) => void }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const rate = useRateUser();
  const queryClient = useQueryClient();
  const [score, setScore] = useState<RatingValue | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);

  const choose = (value: RatingValue) => {
    setScore((current) => (current === value ? null : value));
    setError(null);
  };

  const send = () => {
    if (score === null) return setError(t('rate.needsScore'));
    if (score === 0 && comment.trim() === '') return setError(t('comentarioVotoNegativo'));
    // trip.id and to.id: the provider sends neither trip_id nor user_id.
    const tripId = rating.trip.id;
    rate.mutate(
      { tripId, userId: rating.to.id, rating: score, comment: comment.trim() },
      {
        onSuccess: async () => {
          toast.success(t('rate.sent'));
          const me = await getOwnProfile().catch(() => null);
          const needsSellado = fullTripOf(rating.trip)?.needs_sellado === 1;
          if (me && shouldAskDonationAfterRating({ rated: true, config, user: me, tripId, tripNeedsSellado: needsSellado })) {
            onDonationAsked(tripId);
          }
        },
        onError: (failure) => {
          // The provider's one code for a rating it cannot take: voted, expired or never owed.
          // The card is stale, so the list is asked again and drops it.
          if (failure instanceof ApiError && failure.code === 'user_have_already_voted') {
            toast.error(t('rate.notPending'));
            void queryClient.invalidateQueries({ queryKey: myTripsKeys.pendingRatings() });
            return;
          }
          toast.error(t('rate.error'));
        },
      },
    );
  };

  const name = rating.to.name;
  return (
    <Stack gap="sm">
      <Group gap="xs" role="group" aria-label={t('rate.scoreLabel', { name })}>
        <Button
          variant={score === 1 ? 'filled' : 'default'}
          color="green.9"
          leftSection={<IconThumbUp size={18} aria-hidden />}
          aria-pressed={score === 1}
          onClick={() => choose(1)}
        >
          {t('rate.positive')}
        </Button>
        <Button
          variant={score === 0 ? 'filled' : 'default'}
          color="red.9"
          leftSection={<IconThumbDown size={18} aria-hidden />}
          aria-pressed={score === 0}
          onClick={() => choose(0)}
        >
          {t('rate.negative')}
        </Button>
      </Group>
      {score !== null && (
        <Textarea
          label={t('rate.comment')}
          description={t('rate.commentHint')}
          value={comment}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setError(null);
          }}
          maxLength={LENGTHS.ratingComment}
          autosize
          minRows={2}
        />
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button onClick={send} loading={rate.isPending} disabled={score === null && comment.trim() === ''}>
          {t('rate.send')}
        </Button>
      </Group>
    </Stack>
  );
}
