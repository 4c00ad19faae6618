import { Button, Center, Divider, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailForward, IconMail, IconUserCheck } from '@tabler/icons-react';
import type { User } from '@carpool/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { REDIRECT_PARAM, paths, withRedirect } from '@/config/paths';
import { appTitle, useAppConfig } from '@/lib/app-config';
import { isFlagSet } from '@/lib/trip-display';
import { LocalOutboxNotice } from '../components/local-outbox-notice';
import { RegisterForm } from '../components/register-form';
import { SocialLoginButtons } from '../components/social-login-buttons';
import { readRegisterDraft } from '../utils/register-draft';
import { rememberTarget } from '@/lib/remembered-target';

/** Spec: 'usuarioRegistrado' when the account is already active, otherwise the activation e-mail was sent. */
function RegisterSuccess({ user, loginPath }: { user: User; loginPath: string }) {
  const { t } = useTranslation();
  const active = isFlagSet(user.active);
  return (
    <Stack align="center" ta="center" gap="md" role="status">
      <ThemeIcon size={64} radius="xl" variant="light">
        {active ? <IconUserCheck size={36} aria-hidden /> : <IconMailForward size={36} aria-hidden />}
      </ThemeIcon>
      <Title order={1} size="h2">
        {active ? t('usuarioRegistrado') : t('register.checkEmailTitle')}
      </Title>
      {!active && <Text>{t('register.checkEmail', { email: user.email ?? '' })}</Text>}
      {!active && (
        <Text size="sm" c="dimmed">
          {t('register.checkEmailHelp')}
        </Text>
      )}
      {!active && <LocalOutboxNotice />}
      <Button component={Link} to={loginPath} variant={active ? 'filled' : 'light'}>
        {t('register.goToLogin')}
      </Button>
    </Stack>
  );
}

export function RegisterRoute() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const param = searchParams.get(REDIRECT_PARAM);
  // The page the guest was on (issue 44.4), kept for after the activation link's new page load.
  useEffect(() => rememberTarget(param), [param]);
  const [registered, setRegistered] = useState<User | null>(null);
  // Spec: with a social option enabled, the e-mail form waits behind a button (not after a terms visit).
  const [showForm, setShowForm] = useState(() => !config.enable_facebook || readRegisterDraft(location.key) !== null);

  return (
    <Center py={{ base: 'md', md: 'xl' }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} w="100%" maw={560}>
        {registered ? (
          <RegisterSuccess user={registered} loginPath={param ? withRedirect(paths.login, param) : paths.login} />
        ) : (
          <Stack>
            <Title order={1} size="h2" ta="center">
              {t('register.title')}
            </Title>
            <Text ta="center" c="dimmed" size="sm">
              {t('register.subtitle', { app: appTitle(config) })}
            </Text>
            {config.enable_facebook && (
              <>
                <SocialLoginButtons enableFacebook={config.enable_facebook} helpEmail={config.admin_email} />
                <Divider label={t('login.or')} labelPosition="center" />
                {!showForm && (
                  <Button variant="light" leftSection={<IconMail size={18} aria-hidden />} onClick={() => setShowForm(true)}>
                    {t('register.withEmail')}
                  </Button>
                )}
              </>
            )}
            {showForm && <RegisterForm onRegistered={setRegistered} />}
          </Stack>
        )}
      </Paper>
    </Center>
  );
}

export { RegisterRoute as Component };
