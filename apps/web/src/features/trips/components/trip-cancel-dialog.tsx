import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type TripCancelDialogProps = { opened: boolean; loading: boolean; onConfirm: () => void; onClose: () => void };

/** 'seguroCancelar' before the owner cancels the trip (loaded apart from the trip page: trip-owner-actions). */
export default function TripCancelDialog({ opened, loading, onConfirm, onClose }: TripCancelDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('tripDetail.cancelTitle')} centered>
      <Stack>
        <Text>{t('seguroCancelar')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('tripDetail.keepTrip')}
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm}>
            {t('tripDetail.confirmCancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
