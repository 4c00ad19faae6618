import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appTitle, useAppConfig } from '@/lib/app-config';

// On demand: the modal (Mantine's Modal, radios, the amounts) is not part of the trips home's first load
// (the month's prompt loads it when it shows).
const DonationModal = lazy(() => import('./donation-modal').then((module) => ({ default: module.DonationModal })));

/** Opens the donation modal (amounts, one-time or monthly, no trip). */
function DonateButton({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size={size} leftSection={<IconHeartHandshake size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t('donation.donate')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <DonationModal opened onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The panel the trips list shows every trips_count trips, shifted by trips_offset (spec document 2 §9). */
export function DonationPanel() {
  const { t } = useTranslation();
  const app = appTitle(useAppConfig());
  return (
    <Paper withBorder radius="md" p="md" h="100%" data-testid="donation-panel" component="aside" aria-label={t('donation.panelTitle', { app })}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={4}>
          <Title order={2} size="h5">
            {t('donation.panelTitle', { app })}
          </Title>
          <Text size="sm">{t('donation.panelText')}</Text>
        </Stack>
        <Group>
          <DonateButton />
        </Group>
      </Stack>
    </Paper>
  );
}

/** The month's prompt shows once per browser session (sessionStorage), as the pending-ratings reminder. */
export const DONATION_PROMPT_SHOWN_KEY = 'DONATION_PROMPT_SHOWN';

function promptShownThisSession(): boolean {
  try {
    return sessionStorage.getItem(DONATION_PROMPT_SHOWN_KEY) !== null;
  } catch {
    // Storage blocked (private mode, sandboxed frames): it shows once per visit of the page instead.
    return false;
  }
}

function markPromptShown(): void {
  try {
    sessionStorage.setItem(DONATION_PROMPT_SHOWN_KEY, '1');
  } catch {
    // As above.
  }
}

/**
 * The general prompt of the trips home while the day of the month is below month_days, never for
 * monthly donors (the page decides both; spec document 1 §4 and §6): the donation modal with the
 * month's need above the amounts, once per session. Closing it ('Ahora no', the close button,
 * Escape) dismisses it and records nothing; donating records the donation.
 */
export function DonationPrompt({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  const app = appTitle(useAppConfig());
  // Read once, when the trips home mounts: was the prompt already shown in this session?
  const [firstTime] = useState(() => !promptShownThisSession());

  useEffect(() => {
    if (firstTime) markPromptShown();
  }, [firstTime]);

  if (!firstTime) return null;
  return (
    <Suspense fallback={null}>
      <DonationModal opened onClose={onDismiss} intro={t('donation.prompt', { app })} />
    </Suspense>
  );
}
