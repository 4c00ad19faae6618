import { Avatar, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCar, IconMessage, IconPencil, IconReceipt, IconRosetteDiscountCheck, IconThumbDown, IconThumbUp, IconUsers } from '@tabler/icons-react';
import type { User } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RatingStars } from '@/components/rating-stars';
import { paths } from '@/config/paths';
import { profileImageUrl } from '@/lib/runtime-config';
import { isFlagSet } from '@/lib/trip-display';
import { useProfileGuardedLink } from '@/lib/use-profile-guard';

type ProfileHeaderProps = {
  user: User;
  own: boolean;
  /** The viewer is an admin looking at someone else. */
  adminViewer: boolean;
  showTransactions: boolean;
};

/** Photo, name, stars and the verified-driver badge, with the own-profile and admin buttons. */
export function ProfileHeader({ user, own, adminViewer, showTransactions }: ProfileHeaderProps) {
  const { t } = useTranslation();
  const guardLink = useProfileGuardedLink();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="center" gap="md">
        <Group gap="md" wrap="nowrap" miw={0}>
          <Avatar src={profileImageUrl(user.image)} alt={t('profile.photoOf', { name: user.name })} name={user.name} color="initials" size={88} radius={88} />
          <Stack gap={6} miw={0}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {user.name}
            </Title>
            <Group gap="xs">
              <RatingStars positive={user.positive_ratings} negative={user.negative_ratings} size={16} />
              <Group gap={8} c="dimmed" wrap="nowrap">
                <Group gap={2} wrap="nowrap" aria-label={t('profile.positive', { count: user.positive_ratings })}>
                  <IconThumbUp size={14} aria-hidden />
                  <Text size="xs">{user.positive_ratings}</Text>
                </Group>
                <Group gap={2} wrap="nowrap" aria-label={t('profile.negative', { count: user.negative_ratings })}>
                  <IconThumbDown size={14} aria-hidden />
                  <Text size="xs">{user.negative_ratings}</Text>
                </Group>
              </Group>
            </Group>
            {isFlagSet(user.driver_is_verified) && (
              <Badge color="teal" variant="light" leftSection={<IconRosetteDiscountCheck size={14} aria-hidden />} w="fit-content">
                {t('profile.verifiedDriver')}
              </Badge>
            )}
          </Stack>
        </Group>
        {own && (
          <Group gap="xs">
            <Button component={Link} to={paths.profileUpdate} leftSection={<IconPencil size={16} aria-hidden />}>
              {t('profile.edit')}
            </Button>
            <Button component={Link} to={paths.friends} variant="default" leftSection={<IconUsers size={16} aria-hidden />}>
              {t('profile.friends')}
            </Button>
            <Button component={Link} to={paths.cars} variant="default" leftSection={<IconCar size={16} aria-hidden />}>
              {t('cars.title')}
            </Button>
            {showTransactions && (
              <Button component={Link} to={paths.transactions} variant="default" leftSection={<IconReceipt size={16} aria-hidden />}>
                {t('profile.transactions')}
              </Button>
            )}
          </Group>
        )}
        {!own && adminViewer && (
          <Button
            component={Link}
            to={paths.conversationWith(user.id)}
            onClick={guardLink(paths.conversationWith(user.id))}
            variant="light"
            leftSection={<IconMessage size={16} aria-hidden />}
          >
            {t('profile.message')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
