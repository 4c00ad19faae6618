import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type ConfirmDialogProps = {
  opened: boolean;
  /** The question, as the spec words it (§5 Confirmations). */
  message: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A yes/no question before an action that cannot be undone (leave a trip, remove a passenger). */
export default function ConfirmDialogView({ opened, message, title, confirmLabel, cancelLabel, color = 'red', loading, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title ?? t('confirmDialog.title')} centered>
      <Stack>
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            {cancelLabel ?? t('confirmDialog.no')}
          </Button>
          <Button color={color} loading={loading} onClick={onConfirm} data-autofocus>
            {confirmLabel ?? t('confirmDialog.yes')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
