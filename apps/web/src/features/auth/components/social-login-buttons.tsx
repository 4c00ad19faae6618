import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBrandApple, IconBrandFacebook } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';

type SocialLoginButtonsProps = { enableFacebook: boolean; helpEmail: string };

/** Social logins no longer work (spec §1): the buttons only explain how to move to an e-mail login. */
export function SocialLoginButtons({ enableFacebook, helpEmail }: SocialLoginButtonsProps) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);

  return (
    <>
      <Stack gap="xs">
        {enableFacebook && (
          <Button variant="default" leftSection={<IconBrandFacebook size={18} aria-hidden />} onClick={open} fullWidth>
            {t('login.facebook')}
          </Button>
        )}
        <Button variant="default" leftSection={<IconBrandApple size={18} aria-hidden />} onClick={open} fullWidth>
          {t('login.apple')}
        </Button>
      </Stack>
      <Modal opened={opened} onClose={close} title={t('login.socialTitle')} centered>
        <Stack>
          <Text>{t('socialLoginNoDisponible')}</Text>
          {helpEmail && (
            <Text size="sm">
              <Trans
                i18nKey="login.socialHelp"
                values={{ email: helpEmail }}
                components={{ mail: <Anchor href={`mailto:${helpEmail}`} /> }}
              />
            </Text>
          )}
          <Button onClick={close} data-autofocus>
            {t('login.close')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
