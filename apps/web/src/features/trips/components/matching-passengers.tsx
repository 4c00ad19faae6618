import { Anchor, Avatar, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RatingStars } from '@/components/rating-stars';
import { paths } from '@/config/paths';
import { profileImageUrl } from '@/lib/runtime-config';
import { useMatchers } from '../api/get-matchers';

/** The owner's matching passengers (users looking for this route within 25 km). */
export function MatchingPassengers({ tripId }: { tripId: number }) {
  const { t } = useTranslation();
  const matchers = useMatchers(tripId, true);
  // Nothing to show when the call fails: the section is a suggestion, not the trip itself.
  if (matchers.isError) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="matching-title">
      <Title order={2} size="h4" id="matching-title" mb="sm">
        {t('tripDetail.matchingPassengers')}
      </Title>
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
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
