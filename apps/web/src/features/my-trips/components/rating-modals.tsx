import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/lib/app-config';
import { useSession } from '@/lib/session';
import { stopPendingRatesAlert } from '../api/rate-user';

/** The rating rules (spec document 1 §4 and document 2 §9). */
export function RatingRulesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('rulesModal.title')} centered closeButtonProps={{ 'aria-label': t('rulesModal.close') }}>
      <Stack>
        <List spacing="xs">
          <List.Item>{t('rulesModal.opens')}</List.Item>
          <List.Item>{t('rulesModal.votes')}</List.Item>
          <List.Item>{t('rulesModal.final')}</List.Item>
          <List.Item>{t('rulesModal.together')}</List.Item>
          <List.Item>{t('rulesModal.reply')}</List.Item>
        </List>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('rulesModal.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Once per browser session (sessionStorage). */
const PENDING_RATES_ALERTED_KEY = 'PENDING_RATES_ALERTED';

/**
 * The pending-ratings modal: once per session, unless the user set do_not_alert_pending_rates or the
 * configuration disables user hints (spec document 1 §4).
 */
export function PendingRatingsModal({ count, onGo }: { count: number; onGo: () => void }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const { user } = useSession();
  const [closed, setClosed] = useState(false);
  // 'Calificar ahora' scrolls once the modal is gone: its scroll lock and focus return would undo it.
  const [going, setGoing] = useState(false);
  // Read once, when the list with pending ratings mounts: was the reminder already shown this session?
  const [firstTime] = useState(() => sessionStorage.getItem(PENDING_RATES_ALERTED_KEY) === null);
  const opened = firstTime && !closed && count > 0 && user !== null && !config.disable_user_hints && !user.do_not_alert_pending_rates;

  useEffect(() => {
    if (opened) sessionStorage.setItem(PENDING_RATES_ALERTED_KEY, '1');
  }, [opened]);

  const close = () => setClosed(true);
  return (
    <Modal
      opened={opened}
      onClose={close}
      onExitTransitionEnd={() => {
        if (!going) return;
        setGoing(false);
        onGo();
      }}
      title={t('pendingModal.title')}
      centered
      closeButtonProps={{ 'aria-label': t('pendingModal.later') }}
    >
      <Stack>
        <Text>{t('pendingModal.text', { count })}</Text>
        <Group justify="flex-end" gap="xs">
          <Button
            variant="subtle"
            onClick={() => {
              void stopPendingRatesAlert().catch(() => undefined);
              close();
            }}
          >
            {t('pendingModal.never')}
          </Button>
          <Button variant="default" onClick={close}>
            {t('pendingModal.later')}
          </Button>
          <Button
            onClick={() => {
              setGoing(true);
              close();
            }}
          >
            {t('pendingModal.go')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
