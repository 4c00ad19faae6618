import { Anchor, Avatar, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessageUserButton } from '@/components/message-user-button';
import { RatingStars } from '@/components/rating-stars';
import { paths } from '@/config/paths';
import { profileImageUrl } from '@/lib/runtime-config';
import { useMatchers } from '../api/get-matchers';

/**
 * The owner's matching passengers (users looking for this route within 25 km); on a passenger's own
 * 'Busco conductor' trip the same call answers the drivers going that way, whom she can write to.
 */
export function MatchingPassengers({ tripId, seeksDriver = false }: { tripId: number; seeksDriver?: boolean }) {
  const { t } = useTranslation();
  const matchers = useMatchers(tripId, true);
  // Nothing to show when the call fails: the section is a suggestion, not the trip itself.
  if (matchers.isError) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="matching-title">
      <Title order={2} size="h4" id="matching-title" mb="sm">
        {t(seeksDriver ? 'tripDetail.matchingDrivers' : 'tripDetail.matchingPassengers')}
      </Title>
      {seeksDriver && (
        <Text size="sm" c="dimmed" mb="sm">
          {t('tripDetail.matchingDriversHelp')}
        </Text>
      )}
      {matchers.isPending ? (
        <Loader size="sm" aria-label={t('cargando')} />
      ) : matchers.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('noHayConcidencias')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {matchers.data.map((user) => (
            <Group key={user.id} component="li" gap="sm" wrap="nowrap">
              <Avatar src={profileImageUrl(user.image)} alt="" name={user.name} color="initials" radius="xl" />
              <Stack gap={0} miw={0}>
                <Anchor component={Link} to={paths.profile(user.id)} fw={600} size="sm" truncate="end">
                  {user.name}
                </Anchor>
                <RatingStars positive={user.positive_ratings} negative={user.negative_ratings} />
              </Stack>
              {seeksDriver && (
                <MessageUserButton userId={user.id} tripId={tripId} size="xs" variant="default" ml="auto" style={{ flexShrink: 0 }} aria-label={t('booking.messageTo', { name: user.name })}>
                  {t('booking.message')}
                </MessageUserButton>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
