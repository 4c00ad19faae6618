import '@mantine/core/styles/Typography.css';
import { Alert, Button, Center, Loader, Paper, Stack, Title, Typography, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppConfig } from '@/lib/app-config';
import { useTerms } from '../api/get-terms';

/** terms (/terminos): the server's HTML, sanitized (see sanitizeTermsHtml). */
export function TermsRoute() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const terms = useTerms(config.locale);
  // Opened from the register form: going back there restores what was typed.
  const fromRegister = (location.state as { from?: string } | null)?.from === 'register';

  const back = fromRegister && (
    <Button variant="light" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => void navigate(-1)} w="fit-content">
      {t('terms.backToRegister')}
    </Button>
  );

  return (
    <Paper radius="md" p={{ base: 'xs', sm: 'md' }} maw={880} mx="auto">
      <Stack>
        {back}
        {/* The server's document usually opens with its own title: then the page title is for screen readers only. */}
        {/^\s*<h[12][\s>]/i.test(terms.data ?? '') ? (
          <VisuallyHidden>
            <h1>{t('pages.terms')}</h1>
          </VisuallyHidden>
        ) : (
          <Title order={1} size="h2">
            {t('pages.terms')}
          </Title>
        )}
        {terms.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('cargando')} />
          </Center>
        ) : terms.isError ? (
          <Alert color="red" title={t('terms.loadError')}>
            <Button variant="light" onClick={() => void terms.refetch()} mt="xs">
              {t('trips.retry')}
            </Button>
          </Alert>
        ) : (
          // Sanitized by getTerms before it reaches the cache.
          <Typography>
            <div data-testid="terms-content" dangerouslySetInnerHTML={{ __html: terms.data }} />
          </Typography>
        )}
        {back}
      </Stack>
    </Paper>
  );
}

export { TermsRoute as Component };
