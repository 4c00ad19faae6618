import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { reportClientError } from '@/lib/error-reporting';
import { errorMessageKey } from '@/lib/errors';

/** The start-up failed (no configuration) or a page crashed. */
export function RootError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  // A crash of the app's code (a loader's or a page's) goes to the server log; an API that did not
  // answer is not one. Render errors also reach React's onCaughtError: the report is sent once.
  useEffect(() => {
    if (!isApiError(error) && !isRouteErrorResponse(error)) reportClientError(error, { kind: 'route' });
  }, [error]);
  return (
    <Center h="100dvh" p="md">
      <Stack align="center" ta="center" maw={420} role="alert">
        <IconAlertTriangle size={48} color="var(--mantine-color-orange-6)" aria-hidden />
        <Title order={1} size="h3">
          {t('boot.configError')}
        </Title>
        <Text c="dimmed">{t(errorMessageKey(error))}</Text>
        <Button onClick={() => window.location.reload()}>{t('boot.retry')}</Button>
      </Stack>
    </Center>
  );
}
