import { Anchor, Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/errors';
import { useActivateAccount } from '../api/activate';
import { afterLoginPath } from '../utils/after-login';
import { forgetTarget, recallTarget } from '@/lib/remembered-target';

/** Spec: the activation takes the token and activates on load; the answer's token logs the user in. */
export function ActivateRoute() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const activation = useActivateAccount();
  const { mutate } = activation;
  // Once per visit: the token is used up by the first call (StrictMode runs effects twice).
  const started = useRef(false);
  // The page the guest was on before registering (issue 44.4): this is a new page load, so it comes from storage.
  const [remembered] = useState(() => recallTarget());

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(token);
  }, [mutate, token]);

  useEffect(() => {
    if (activation.isSuccess) forgetTarget();
  }, [activation.isSuccess]);

  const invalidToken = activation.error instanceof ApiError && activation.error.code === 'invalid_token';

  return (
    <Center py={{ base: 'md', md: 'xl' }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} w="100%" maw={480}>
        {activation.isSuccess ? (
          <Stack align="center" ta="center" role="status">
            <ThemeIcon size={64} radius="xl" variant="light" color="green">
              <IconCircleCheck size={36} aria-hidden />
            </ThemeIcon>
            <Title order={1} size="h2">
              {t('activation.doneTitle')}
            </Title>
            <Text>{t('activation.done')}</Text>
            <Button component={Link} to={afterLoginPath(activation.data, remembered)} replace>
              {t('activation.continue')}
            </Button>
          </Stack>
        ) : activation.isError ? (
          <Stack align="center" ta="center" role="alert">
            <ThemeIcon size={64} radius="xl" variant="light" color="red">
              <IconAlertTriangle size={36} aria-hidden />
            </ThemeIcon>
            <Title order={1} size="h2">
              {t('activation.failedTitle')}
            </Title>
            <Text>{invalidToken ? t('tokenInvalido') : t(errorMessageKey(activation.error))}</Text>
            {invalidToken && (
              <Text size="sm" c="dimmed">
                {t('activation.invalidHelp')}
              </Text>
            )}
            <Button component={Link} to={paths.login}>
              {t('activation.goToLogin')}
            </Button>
            {!invalidToken && (
              <Anchor component="button" type="button" onClick={() => mutate(token)}>
                {t('trips.retry')}
              </Anchor>
            )}
          </Stack>
        ) : (
          <Stack align="center" ta="center" role="status" aria-live="polite">
            <Loader aria-hidden />
            <Text>{t('activation.pending')}</Text>
          </Stack>
        )}
      </Paper>
    </Center>
  );
}

export { ActivateRoute as Component };
