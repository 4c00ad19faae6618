import { Avatar, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { RATED_ROLE, fullTripOf, type PendingRating } from '@carpool/contracts';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTripDate } from '@/lib/dates';
import { profileImageUrl } from '@/lib/runtime-config';
import { donationRequest } from '../utils/donation-request';
import { scrollToSection } from '../utils/scroll-to-section';
import { RateTripForm } from './rate-trip-form';
import { PendingRatingsModal, RatingRulesModal } from './rating-modals';

/** A rating still owed: who, which trip, and the vote (user_to_type is the rated user's role, RATED_ROLE). */
export function PendingRatingCard({ rating }: { rating: PendingRating }) {
  const { t } = useTranslation();
  const role = rating.user_to_type === RATED_ROLE.driver ? 'rate.asDriver' : 'rate.asPassenger';
  const tripDate = fullTripOf(rating.trip)?.trip_date;
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="pending-rating">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={profileImageUrl(rating.to.image)} alt="" name={rating.to.name} color="initials" radius="xl" />
          <Stack gap={2} miw={0}>
            <Text fw={700}>{t('rate.title', { name: rating.to.name })}</Text>
            <Text size="sm" c="gray.7">
              {t(role, { to: rating.trip.to_town })}
              {tripDate ? ` · ${formatTripDate(tripDate)}` : ''}
            </Text>
          </Stack>
        </Group>
        <RateTripForm rating={rating} onDonationAsked={donationRequest.set} />
      </Stack>
    </Paper>
  );
}

/** The pending ratings of my trips with the rules and the once-per-session reminder. */
export function PendingRatingsList({ ratings, listStyle }: { ratings: PendingRating[]; listStyle: CSSProperties }) {
  const { t } = useTranslation();
  const [rules, setRules] = useState(false);
  return (
    <Stack gap="sm">
      <Group>
        <Button variant="subtle" size="compact-sm" leftSection={<IconInfoCircle size={16} aria-hidden />} onClick={() => setRules(true)}>
          {t('rate.rules')}
        </Button>
      </Group>
      <Stack gap="sm" component="ul" style={listStyle}>
        {ratings.map((rating) => (
          <PendingRatingCard key={rating.id} rating={rating} />
        ))}
      </Stack>
      <RatingRulesModal opened={rules} onClose={() => setRules(false)} />
      <PendingRatingsModal count={ratings.length} onGo={() => scrollToSection('ratings')} />
    </Stack>
  );
}
