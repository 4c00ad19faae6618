import { Button, CloseButton, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type IosNotificationsWarningProps = {
  appName: string;
  /** Denied: iOS asks only once; the way back is the phone's settings. */
  denied: boolean;
  onEnable: () => void;
  onClose: () => void;
};

/** The dismissible iOS notification-permission warning of the installed app (spec document 1 §2). */
export function IosNotificationsWarning({ appName, denied, onEnable, onClose }: IosNotificationsWarningProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="md" bg="yellow.0" data-testid="ios-notifications-warning">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon variant="light" color="yellow" radius="xl" size="lg" aria-hidden>
          <IconBell size={20} color="var(--mantine-color-yellow-9)" />
        </ThemeIcon>
        <Stack gap="xs" align="flex-start" style={{ flex: 1 }}>
          <Text fw={700} id={titleId}>
            {t('iosNotifications.title')}
          </Text>
          <Text size="sm">{denied ? t('iosNotifications.denied', { app: appName }) : t('iosNotifications.text')}</Text>
          {!denied && (
            <Button size="xs" onClick={onEnable}>
              {t('iosNotifications.enable')}
            </Button>
          )}
        </Stack>
        <CloseButton onClick={onClose} aria-label={t('iosNotifications.close')} />
      </Group>
    </Paper>
  );
}
