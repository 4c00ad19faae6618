import { ActionIcon, Anchor, Avatar, Group, Stack, Tooltip } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import type { TripUser } from '@carpool/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RatingStars } from '@/components/rating-stars';
import { paths } from '@/config/paths';
import { profileImageUrl } from '@/lib/runtime-config';
import { useProfileGuardedLink } from '@/lib/use-profile-guard';

type BookingPersonRowProps = {
  user: TripUser;
  /** Icon buttons beside the message link. */
  actions?: ReactNode;
  /** Full-width buttons under the row. */
  children?: ReactNode;
  testId?: string;
};

/** A passenger or requester: photo, name (to the profile), rating, a message link and actions. */
export function BookingPersonRow({ user, actions, children, testId }: BookingPersonRowProps) {
  const { t } = useTranslation();
  const guardLink = useProfileGuardedLink();
  return (
    <Stack component="li" gap={6} data-testid={testId}>
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar src={profileImageUrl(user.image)} alt="" name={user.name} color="initials" radius="xl" />
          <Stack gap={0} miw={0}>
            <Anchor component={Link} to={paths.profile(user.id)} fw={600} size="sm" truncate="end">
              {user.name}
            </Anchor>
            <RatingStars positive={user.positive_ratings} negative={user.negative_ratings} />
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Tooltip label={t('booking.messageTo', { name: user.name })} withArrow>
            <ActionIcon component={Link} to={paths.conversationWith(user.id)} onClick={guardLink(paths.conversationWith(user.id))} variant="light" size="lg" aria-label={t('booking.messageTo', { name: user.name })}>
              <IconMessage size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {actions}
        </Group>
      </Group>
      {children}
    </Stack>
  );
}
