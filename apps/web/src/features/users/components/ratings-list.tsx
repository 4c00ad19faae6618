import { Avatar, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessageStar, IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { RATED_ROLE, type Rating } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { dayjs, parseProviderDate } from '@/lib/dates';
import { profileImageUrl } from '@/lib/runtime-config';
import { ReplyForm } from './ratings-tab-extras';
import { useUserRatings } from '../api/get-user-ratings';

/**
 * A received rating. The label is the author's role, as the provider's client shows it: a rating
 * of the driver (user_to_type 0, RATED_ROLE.driver) comes from a passenger.
 */
function RatingCard({ rating, canReply }: { rating: Rating; canReply: boolean }) {
  const { t } = useTranslation();
  const positive = rating.rating === 1;
  // Every listed rating is voted (rate_at); created_at is the spec's, which the provider does not send.
  const when = rating.rate_at ?? rating.created_at;
  const date = when ? parseProviderDate(when) : null;
  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid="rating-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar src={profileImageUrl(rating.from.image)} alt="" name={rating.from.name} color="initials" radius="xl" />
          <Stack gap={0} miw={0}>
            <Text fw={600} truncate="end">
              {rating.from.name}
            </Text>
            <Text size="xs" c="gray.7">
              {t(rating.user_to_type === RATED_ROLE.driver ? 'profile.fromPassenger' : 'profile.fromDriver', { town: rating.trip.to_town })}
            </Text>
          </Stack>
        </Group>
        {(rating.rating === 0 || rating.rating === 1) && (
          <ThemeIcon
            variant="light"
            color={positive ? 'green' : 'red'}
            radius="xl"
            aria-label={positive ? t('profile.positiveVote') : t('profile.negativeVote')}
            role="img"
          >
            {positive ? <IconThumbUp size={18} aria-hidden /> : <IconThumbDown size={18} aria-hidden />}
          </ThemeIcon>
        )}
      </Group>
      {rating.comment && (
        <Text mt="sm" style={{ overflowWrap: 'anywhere' }}>
          {rating.comment}
        </Text>
      )}
      {rating.reply_comment && (
        <Text mt="xs" size="sm" c="gray.7" pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-gray-3)', overflowWrap: 'anywhere' }}>
          {t('profile.reply')}: {rating.reply_comment}
        </Text>
      )}
      {canReply && !rating.reply_comment && !rating.reply_comment_created_at && <ReplyForm rating={rating} />}
      {date && (
        <Text size="xs" c="gray.7" mt="sm" component="time" dateTime={date.format()}>
          {date.locale('es').format(date.year() === dayjs().year() ? 'D [de] MMMM' : 'D [de] MMMM [de] YYYY')}
        </Text>
      )}
    </Card>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconMessageStar size={28} aria-hidden />
        </ThemeIcon>
        <Text c="gray.7" ta="center">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}

/**
 * The Calificaciones tab: 200 per page, 3 columns on desktop, 2 on tablet, 1 on mobile. A failed load
 * says so, with a retry.
 */
export function RatingsList({ userId, canReply = false }: { userId: number | 'me'; canReply?: boolean }) {
  const { t } = useTranslation();
  const ratings = useUserRatings(userId);

  if (ratings.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('cargando')} />
      </Center>
    );
  }
  if (ratings.isError) {
    return (
      <Stack align="center">
        <Empty text={t('profile.ratingsError')} />
        <Button variant="light" onClick={() => void ratings.refetch()}>
          {t('trips.retry')}
        </Button>
      </Stack>
    );
  }

  const list = ratings.data.pages.flatMap((page) => page.data);
  if (list.length === 0) return <Empty text={t('profile.noRatings')} />;

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" data-testid="ratings-grid">
        {list.map((rating) => (
          <RatingCard key={rating.id} rating={rating} canReply={canReply} />
        ))}
      </SimpleGrid>
      {ratings.hasNextPage && (
        <Center>
          <Button variant="light" loading={ratings.isFetchingNextPage} onClick={() => void ratings.fetchNextPage()}>
            {t('profile.moreRatings')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
