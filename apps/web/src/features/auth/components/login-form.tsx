import '@mantine/core/styles/PasswordInput.css';
import { Anchor, Button, Checkbox, Group, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { loginErrorMessage } from '@/lib/errors';
import type { SessionUser } from '@/lib/session';
import { toast } from '@/lib/toast';
import { TIMING } from '@carpool/contracts';
import { useLogin } from '../api/login';

type LoginFormProps = { onSuccess: (user: SessionUser) => void };

export function LoginForm({ onSuccess }: LoginFormProps) {
  const { t } = useTranslation();
  const loginMutation = useLogin({ onSuccess });
  // isPending reaches the form one render late; the ref catches a double submit in the same tick.
  const inFlight = useRef(false);
  // One login message at a time: a new attempt replaces the last one, a success removes it.
  const lastMessage = useRef<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '', remember: true },
    validate: {
      email: (value) => (value.trim() ? null : t('login.emailRequired')),
      password: (value) => (value ? null : t('login.passwordRequired')),
    },
  });

  const login = async (values: typeof form.values) => {
    inFlight.current = true;
    if (lastMessage.current) toast.hide(lastMessage.current);
    try {
      await loginMutation.mutateAsync({ email: values.email.trim(), password: values.password, remember: values.remember });
    } catch (error) {
      const message = loginErrorMessage(error);
      const id = `login-${Date.now()}`;
      lastMessage.current = id;
      // The activation notice is information, but it explains a failure: it stays as long as an error.
      if (message.kind === 'info') toast.info(t(message.key), { autoClose: TIMING.errorToastMs, id });
      else toast.error(t(message.key), { id });
    } finally {
      inFlight.current = false;
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (inFlight.current) {
      event.preventDefault();
      toast.info(t('solicitudEnviada'));
      return;
    }
    form.onSubmit(login)(event);
  };

  const pending = loginMutation.isPending;

  return (
    <form onSubmit={submit} noValidate aria-busy={pending}>
      <Stack>
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="username"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" visibleFrom="md">
          <Checkbox label={t('login.remember')} key={form.key('remember')} {...form.getInputProps('remember', { type: 'checkbox' })} />
          <Anchor component={Link} to={paths.resetPassword} size="sm">
            {t('login.forgot')}
          </Anchor>
        </Group>
        {/* Not `loading`: that disables the button, and a second submit must still be answered. */}
        <Button
          type="submit"
          fullWidth
          size="md"
          aria-disabled={pending || undefined}
          rightSection={pending ? <Loader size="xs" color="white" aria-hidden /> : undefined}
        >
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
