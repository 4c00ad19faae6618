import { Anchor, Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import type { PassengerRequest, PendingRating } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatTripDate, formatTripTime } from '@/lib/dates';
import { profileImageUrl } from '@/lib/runtime-config';
import { formatPrice } from '@/lib/trip-display';

/** A request awaiting payment or an answer (the booking issue adds Pagar/Cancelar and accept/reject). */
export function RequestCard({ request, kind }: { request: PassengerRequest; kind: 'payment' | 'answer' }) {
  const { t } = useTranslation();
  const trip = request.trip;
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={profileImageUrl(kind === 'answer' ? request.user.image : trip?.user.image)} alt="" name={kind === 'answer' ? request.user.name : trip?.user.name} color="initials" radius="xl" />
        <Stack gap={2} miw={0}>
          {kind === 'answer' && <Text fw={700}>{request.user.name}</Text>}
          {trip && (
            <>
              <Anchor component={Link} to={paths.trip(trip.id)} fw={kind === 'payment' ? 700 : 500}>
                {t('tripDetail.title', { from: trip.from_town, to: trip.to_town })}
              </Anchor>
              <Text size="sm" c="dimmed">
                {formatTripDate(trip.trip_date)} · {formatTripTime(trip.trip_date)}
                {kind === 'payment' && trip.seat_price_cents > 0 ? ` · ${formatPrice(trip.seat_price_cents)}` : ''}
              </Text>
            </>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/** A rating still owed (the ratings issue adds the vote). */
export function PendingRatingCard({ rating }: { rating: PendingRating }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Group gap="sm" wrap="nowrap">
        <Avatar src={profileImageUrl(rating.to.image)} alt="" name={rating.to.name} color="initials" radius="xl" />
        <Stack gap={2}>
          <Text fw={700}>{rating.to.name}</Text>
          <Text size="sm" c="dimmed">
            {t('myTrips.ratingTrip', { to: rating.trip.to_town })}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
