import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appTitle, useAppConfig } from '@/lib/app-config';

// On demand: the modal (Mantine's Modal, radios, the amounts) is not part of the trips home's first load.
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

/**
 * The general prompt of the trips home while the day of the month is below month_days (spec document 1
 * §4). The spec calls it a modal; we show it as a dismissible notice above the list instead, so it never
 * covers the search a person came for: 'Donar' opens the donation modal, the close button hides it for
 * the rest of the visit.
 */
export function DonationPrompt({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  const app = appTitle(useAppConfig());
  return (
    <Alert
      color="green"
      variant="light"
      withCloseButton
      onClose={onDismiss}
      closeButtonLabel={t('donation.dismissPrompt')}
      // Mantine's 20 px close button is under the 24 × 24 px target size (WCAG 2.2, issue 44.1).
      styles={{ closeButton: { width: 24, height: 24, minWidth: 24, minHeight: 24 } }}
      icon={<IconHeartHandshake size={18} aria-hidden />}
      data-testid="donation-prompt"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('donation.prompt', { app })}</Text>
        <DonateButton size="xs" />
      </Group>
    </Alert>
  );
}
