import { Alert, Anchor, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localOutboxUrl } from '@/lib/runtime-config';

/**
 * Where the e-mail went when the server sends none (issue 44.8): without SMTP the mock API keeps it
 * in its local outbox. Shown only where the server said so (runtime-config.js `localOutbox`).
 */
export function LocalOutboxNotice({ href = localOutboxUrl() }: { href?: string | null }) {
  const { t } = useTranslation();
  if (!href) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconInbox size={20} aria-hidden />} title={t('localOutbox.title')} ta="left" w="100%">
      <Text size="sm">{t('localOutbox.text')}</Text>
      <Anchor href={href} size="sm" fw={600}>
        {t('localOutbox.open')}
      </Anchor>
    </Alert>
  );
}
