import { Avatar, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUserBadges } from '../api/get-user-badges';
import { badgeImageUrl } from '../utils/badge-image';

/** The user's badges under the profile header: image and title, the description on hover, focus or touch. Nothing while there are none. */
export function UserBadges({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const badges = useUserBadges(userId).data ?? [];
  if (badges.length === 0) return null;
  return (
    <section aria-labelledby="user-badges-title" data-testid="user-badges">
      <Text id="user-badges-title" component="h2" fw={600} size="sm" m={0} mb={6}>
        {t('profile.badges')}
      </Text>
      <Group component="ul" gap="sm" align="flex-start" p={0} m={0} style={{ listStyle: 'none' }}>
        {badges.map((badge) => (
          <li key={badge.id}>
            <Tooltip label={badge.description ?? badge.title} events={{ hover: true, focus: true, touch: true }} multiline w={220}>
              <Stack gap={4} align="center" w={88} tabIndex={0}>
                {/* The title is written beside it: the image itself says nothing more. */}
                <Avatar src={badgeImageUrl(badge.image_path)} alt="" size={48} radius="xl" color="brand">
                  <IconAward size={26} aria-hidden />
                </Avatar>
                <Text size="xs" ta="center" lh={1.2}>
                  {badge.title}
                </Text>
              </Stack>
            </Tooltip>
          </li>
        ))}
      </Group>
    </section>
  );
}
