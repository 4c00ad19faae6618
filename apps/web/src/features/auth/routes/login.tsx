import { Anchor, Center, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useEffect } from 'react';
import { REDIRECT_PARAM, paths, withRedirect } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import type { SessionUser } from '@/lib/session';
import { LoginForm } from '../components/login-form';
import { SocialLoginButtons } from '../components/social-login-buttons';
import { afterLoginPath, rememberedTarget } from '../utils/after-login';
import { forgetTarget, rememberTarget } from '@/lib/remembered-target';

export function LoginRoute() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  const param = searchParams.get(REDIRECT_PARAM);
  // Kept across page loads too: a guest may register and come back through the activation link.
  useEffect(() => rememberTarget(param), [param]);

  const onSuccess = (user: SessionUser) => {
    const target = rememberedTarget(param);
    forgetTarget();
    return navigate(afterLoginPath(user, target), { replace: true });
  };

  return (
    <Center py={{ base: 'md', md: 'xl' }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} w="100%" maw={440}>
        <Stack>
          <Title order={1} size="h2" ta="center">
            {t('login.title')}
          </Title>
          <LoginForm onSuccess={onSuccess} />
          <Divider label={t('login.or')} labelPosition="center" />
          <SocialLoginButtons enableFacebook={config.enable_facebook} helpEmail={config.admin_email} />
          <Text ta="center" size="sm">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to={param ? withRedirect(paths.register, param) : paths.register} fw={600}>
              {t('login.register')}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}

export { LoginRoute as Component };
