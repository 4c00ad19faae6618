import { ActionIcon, Button, CopyButton, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';

type InviteModalProps = { opened: boolean; onClose: () => void; appName: string };

const inviteLink = () => `${window.location.origin}/app${paths.trips}`;

/** "Invitar amigos": a link to the app that can be copied. */
export function InviteModal({ opened, onClose, appName }: InviteModalProps) {
  const { t } = useTranslation();
  const link = inviteLink();
  return (
    <Modal opened={opened} onClose={onClose} title={t('share.title')} centered>
      <Stack>
        <Text>{t('share.text', { app: appName })}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput label={t('share.linkLabel')} value={link} readOnly style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('share.copied') : t('share.copy')} withArrow>
                <ActionIcon size="lg" variant={copied ? 'filled' : 'light'} onClick={copy} aria-label={copied ? t('share.copied') : t('share.copy')} mb={2}>
                  {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Button onClick={onClose} variant="default">
          {t('login.close')}
        </Button>
      </Stack>
    </Modal>
  );
}
