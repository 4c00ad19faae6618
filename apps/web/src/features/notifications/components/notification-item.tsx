import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import type { Notification } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { parseProviderDate, toIsoString } from '@/lib/dates';
import { notificationTarget } from '@/lib/notification-target';

type NotificationItemProps = { notification: Notification; deleting: boolean; onDelete: () => void };

/** One notification: its text (a link by type), when, whether it was new, and delete. */
export function NotificationItem({ notification, deleting, onDelete }: NotificationItemProps) {
  const { t } = useTranslation();
  const target = notificationTarget(notification);
  const unread = !notification.readed;
  const text = (
    <Text component="span" fw={unread ? 700 : 400} style={{ overflowWrap: 'anywhere' }}>
      {notification.text}
    </Text>
  );

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      data-testid="notification-item"
      data-unread={unread}
      style={unread ? { borderLeft: '4px solid var(--mantine-color-brand-6)' } : undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={4} miw={0}>
          {target?.kind === 'app' ? (
            <Anchor component={Link} to={target.to} c="inherit" underline="hover">
              {text}
            </Anchor>
          ) : target?.kind === 'external' ? (
            <Anchor href={target.url} target="_blank" rel="noopener noreferrer" c="inherit" underline="hover">
              {text} <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
              <VisuallyHidden> {t('notificationsPage.opensExternal')}</VisuallyHidden>
            </Anchor>
          ) : (
            text
          )}
          <Group gap="xs">
            <Text size="xs" c="dimmed" component="time" dateTime={toIsoString(notification.created_at)}>
              {parseProviderDate(notification.created_at).format('DD/MM/YYYY HH:mm')}
            </Text>
            {unread && (
              <Badge size="xs" color="brand" variant="light">
                {t('notificationsPage.new')}
              </Badge>
            )}
          </Group>
        </Stack>
        <Tooltip label={t('notificationsPage.delete')} withArrow>
          <ActionIcon variant="subtle" color="gray" size="lg" loading={deleting} onClick={onDelete} aria-label={t('notificationsPage.delete')}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}
