import { Button, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalTitle } from './modal-title';

type InstallAppModalProps = {
  opened: boolean;
  appName: string;
  /** Entendido: closed for now (it comes back on a later visit). */
  onClose: () => void;
  /** No mostrar más: closed for good on this browser. */
  onNeverAgain: () => void;
};

/**
 * The install-app modal on iOS Safari (spec document 1 §2 and §4). Safari has no install prompt a
 * page can open, so 'Instalar' shows the steps of 'Agregar a inicio'.
 */
export function InstallAppModal({ opened, appName, onClose, onNeverAgain }: InstallAppModalProps) {
  const { t } = useTranslation();
  const [showSteps, setShowSteps] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      closeButtonProps={{ 'aria-label': t('installApp.close') }}
      title={<ModalTitle icon={<IconDeviceMobile size={18} />}>{t('installApp.title', { app: appName })}</ModalTitle>}
    >
      <Stack data-testid="install-app-modal">
        <Text>{t('installApp.text')}</Text>
        {showSteps && (
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('installApp.stepsTitle')}
            </Title>
            <List type="ordered" spacing="xs">
              <List.Item>{t('installApp.step1')}</List.Item>
              <List.Item>{t('installApp.step2')}</List.Item>
              <List.Item>{t('installApp.step3', { app: appName })}</List.Item>
            </List>
          </Stack>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="subtle" onClick={onNeverAgain}>
            {t('installApp.dontShowAgain')}
          </Button>
          <Button variant="default" onClick={onClose}>
            {t('installApp.understood')}
          </Button>
          {!showSteps && <Button onClick={() => setShowSteps(true)}>{t('installApp.install')}</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
