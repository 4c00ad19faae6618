import { Button, Checkbox, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBulb, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dontShowCarpoodatosAgain, type CarpoodatosKind } from '@/lib/carpoodatos';
import { ModalTitle } from './modal-title';

const TIPS: Record<CarpoodatosKind, string[]> = {
  requestSeat: ['tip1', 'tip2', 'tip3', 'tip4'],
  pricing: ['tip1', 'tip2', 'tip3'],
  acceptPassenger: ['tip1', 'tip2', 'tip3', 'tip4'],
};

export type CarpoodatosModalProps = {
  kind: CarpoodatosKind;
  opened: boolean;
  onClose: () => void;
  /** Runs the action the modal stood before (request, message, accept). */
  onContinue: () => void;
};

/** 'Carpoodatos': tips before an action, with 'No volver a mostrar'. */
export default function CarpoodatosModalView({ kind, opened, onClose, onContinue }: CarpoodatosModalProps) {
  const { t } = useTranslation();
  const [dontShow, setDontShow] = useState(false);

  const close = () => {
    setDontShow(false);
    onClose();
  };

  const proceed = () => {
    if (dontShow) void dontShowCarpoodatosAgain(kind);
    close();
    onContinue();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      title={<ModalTitle icon={<IconBulb size={18} />}>{t('carpoodatos.title')}</ModalTitle>}
    >
      <Stack data-testid={`carpoodatos-${kind}`}>
        <Text>{t(`carpoodatos.${kind}.intro`)}</Text>
        <List
          spacing="xs"
          icon={
            <ThemeIcon color="green" size={20} radius="xl" aria-hidden>
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {TIPS[kind].map((tip) => (
            <List.Item key={tip}>{t(`carpoodatos.${kind}.tips.${tip}`)}</List.Item>
          ))}
        </List>
        <Checkbox label={t('carpoodatos.dontShowAgain')} checked={dontShow} onChange={(event) => setDontShow(event.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('carpoodatos.close')}
          </Button>
          <Button onClick={proceed} data-autofocus>
            {t('carpoodatos.continue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
