import { Alert, Button, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
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
  return (
    <Alert
      role="region"
      aria-label={t('iosNotifications.title')}
      color="yellow"
      variant="light"
      icon={<IconBell size={18} aria-hidden />}
      title={t('iosNotifications.title')}
      withCloseButton
      closeButtonLabel={t('iosNotifications.close')}
      onClose={onClose}
      data-testid="ios-notifications-warning"
    >
      <Text size="sm" mb={denied ? 0 : 'sm'}>
        {denied ? t('iosNotifications.denied', { app: appName }) : t('iosNotifications.text')}
      </Text>
      {!denied && (
        <Button size="xs" color="yellow.9" onClick={onEnable}>
          {t('iosNotifications.enable')}
        </Button>
      )}
    </Alert>
  );
}
