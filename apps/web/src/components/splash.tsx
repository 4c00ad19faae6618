import { Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shown while the app starts (token refresh, configuration, first-load wait). */
export function Splash() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="md">
        <ThemeIcon size={72} radius="xl">
          <IconCar size={44} aria-hidden />
        </ThemeIcon>
        <Loader type="dots" aria-hidden />
        <Text c="dimmed">{t('boot.loading')}</Text>
      </Stack>
    </Center>
  );
}
