import { Button, type ButtonProps } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenConversation } from '@/lib/conversations';

type MessageUserButtonProps = ButtonProps & {
  userId: number;
  /** The trip the chat is about (the chat's trip panel, the driver's request limit). */
  tripId?: number;
  /** Defaults to 'Enviar mensaje'. */
  children?: ReactNode;
};

/** "Enviar mensaje": opens (or starts) the chat with the user and goes to it. */
export function MessageUserButton({ userId, tripId, children, ...props }: MessageUserButtonProps) {
  const { t } = useTranslation();
  const { open, isPending } = useOpenConversation();
  return (
    <Button leftSection={<IconMessage size={16} aria-hidden />} loading={isPending} onClick={() => open(userId, tripId)} {...props}>
      {children ?? t('profile.message')}
    </Button>
  );
}
