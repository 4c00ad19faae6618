import { Anchor, Avatar, Button, Group } from '@mantine/core';
import type { User } from '@carpool/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { profileImageUrl } from '@/lib/runtime-config';

/** A person of the friends pages: photo, name (to the profile) and the row's buttons. */
export function PersonRow({ user, actions, testId }: { user: User; actions: ReactNode; testId: string }) {
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm" data-testid={testId}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar src={profileImageUrl(user.image)} alt="" name={user.name} color="brand" variant="filled" radius="xl" />
        <Anchor component={Link} to={paths.profile(user.id)} c="dark" fw={500} truncate>
          {user.name}
        </Anchor>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {actions}
      </Group>
    </Group>
  );
}

/** A request already sent: nothing to press until the person answers (spec: disabled 'Solicitud enviada'). */
export function SentRequestButton({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Button size="xs" disabled aria-label={t('friendsPage.sentNamed', { name })}>
      {t('solicitudEnviada')}
    </Button>
  );
}
