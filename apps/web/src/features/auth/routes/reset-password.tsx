import { Anchor, Button, Center, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { LENGTHS } from '@carpool/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { translateErrors } from '@/lib/account-rules';
import { ApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useRequestPasswordReset } from '../api/reset-password';
import { LocalOutboxNotice } from '../components/local-outbox-notice';
import { validateResetEmail } from '../utils/reset-password-rules';

/** Spec: first the e-mail, then a 'sent' confirmation. */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const reset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => translateErrors(validateResetEmail(values), t),
  });

  const submit = form.onSubmit(async ({ email }) => {
    try {
      await reset.mutateAsync(email.trim());
      setSentTo(email.trim());
    } catch (error) {
      // The server refuses e-mails of nobody: 'El e-mail ingresado no pertenece a ningún usuario.'
      const key = error instanceof ApiError && error.status === 422 && !error.code ? 'ingreseEmailValidoReset' : errorMessageKey(error);
      if (error instanceof ApiError && error.status === 422) form.setFieldError('email', t(key));
      toast.error(t(key));
    }
  });

  return (
    <Center py={{ base: 'md', md: 'xl' }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} w="100%" maw={440}>
        {sentTo ? (
          <Stack align="center" ta="center" role="status">
            <ThemeIcon size={64} radius="xl" variant="light">
              <IconMailForward size={36} aria-hidden />
            </ThemeIcon>
            <Title order={1} size="h2">
              {t('passwordReset.sentTitle')}
            </Title>
            <Text>{t('passwordReset.sent', { email: sentTo })}</Text>
            <LocalOutboxNotice />
            <Button component={Link} to={paths.login} variant="light">
              {t('passwordReset.backToLogin')}
            </Button>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <Title order={1} size="h2" ta="center">
                {t('passwordReset.title')}
              </Title>
              <Text size="sm" c="dimmed" ta="center">
                {t('passwordReset.intro')}
              </Text>
              <TextInput
                label={t('login.email')}
                type="email"
                autoComplete="email"
                maxLength={LENGTHS.email}
                required
                {...form.getInputProps('email')}
              />
              <Button type="submit" loading={reset.isPending} fullWidth>
                {t('passwordReset.submit')}
              </Button>
              <Anchor component={Link} to={paths.login} size="sm" ta="center">
                {t('passwordReset.backToLogin')}
              </Anchor>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}

export { ResetPasswordRoute as Component };
