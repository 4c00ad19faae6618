import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { askForNotifications } from '@/lib/devices';
import { browserFacts, isIos } from '@/lib/platform';
import { notificationPermission, pushSupported } from '@/lib/service-worker';

/**
 * Asks for the notification permission on a tap, in browsers that have not been asked yet. (iOS
 * asks only in the installed app, through the trips home's warning.) The answer shows the spec's
 * message ('notificacionesPermitidas' / 'notificacionesDenegadas').
 */
export function PushPermissionCard() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState(notificationPermission);
  const [asking, setAsking] = useState(false);
  const [ios] = useState(() => isIos(browserFacts()));
  if (permission !== 'default' || !pushSupported() || ios) return null;

  const ask = () => {
    setAsking(true);
    void askForNotifications()
      .then(setPermission)
      .finally(() => setAsking(false));
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="push-permission-card">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden>
          <IconBellRinging size={20} />
        </ThemeIcon>
        <Stack gap="xs" align="flex-start">
          <Text fw={700}>{t('pushCard.title')}</Text>
          <Text size="sm">{t('pushCard.text')}</Text>
          <Button size="xs" onClick={ask} loading={asking}>
            {t('pushCard.enable')}
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}
