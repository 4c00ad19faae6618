import '@mantine/core/styles/PasswordInput.css';
import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LENGTHS } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { translateErrors } from '@/lib/account-rules';
import { ApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';
import { validateNewPassword, type NewPasswordValues } from '../utils/reset-password-rules';

/** Spec: with a token, a new password and its confirmation; on success, to login. */
export function ResetPasswordConfirmRoute() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const change = useChangePassword();
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', passwordConfirmation: '' },
    validate: (values) => translateErrors(validateNewPassword(values), t),
  });
  const invalidToken = change.error instanceof ApiError && change.error.code === 'invalid_token';

  const submit = form.onSubmit(async (values) => {
    try {
      await change.mutateAsync({ token, password: values.password, password_confirmation: values.passwordConfirmation });
      toast.success(t('passwordReset.changed'));
      void navigate(paths.login, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.password_confirmation) {
        form.setFieldError('passwordConfirmation', t('noCoincidenCampos'));
      }
      toast.error(t(errorMessageKey(error, 'noCoincidenCampos')));
    }
  });

  return (
    <Center py={{ base: 'md', md: 'xl' }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} w="100%" maw={440}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} size="h2" ta="center">
              {t('passwordReset.newTitle')}
            </Title>
            <PasswordInput
              label={t('passwordReset.newPassword')}
              description={t('register.passwordHelp', { min: LENGTHS.passwordMin })}
              autoComplete="new-password"
              maxLength={LENGTHS.password}
              required
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={t('passwordReset.newPasswordConfirmation')}
              autoComplete="new-password"
              maxLength={LENGTHS.password}
              required
              {...form.getInputProps('passwordConfirmation')}
            />
            {invalidToken && (
              <Text c="red" size="sm" role="alert">
                {t('tokenInvalido')}.{' '}
                <Anchor component={Link} to={paths.resetPassword} inherit underline="always">
                  {t('passwordReset.requestAgain')}
                </Anchor>
              </Text>
            )}
            <Button type="submit" loading={change.isPending} fullWidth>
              {t('passwordReset.save')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

export { ResetPasswordConfirmRoute as Component };
