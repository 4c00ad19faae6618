import { Box, Button, Group, Modal, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconCar, IconSearch, IconSteeringWheel, IconUsersGroup } from '@tabler/icons-react';
import { TIMING } from '@carpool/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appTitle, useAppConfig } from '@/lib/app-config';
import { isLoggedIn, session, useSession } from '@/lib/session';
import { markOnboardingViewed } from '../api/change-property';
import { ONBOARDING_CARDS, shouldShowOnboarding } from '../utils/onboarding';

const ICONS = { welcome: IconCar, search: IconSearch, publish: IconSteeringWheel, community: IconUsersGroup } as const;

/**
 * The onboarding carousel (spec document 1 §2 Other screens, §4 Onboarding): 4 cards with Anterior,
 * Siguiente and ¡Comenzar!, shown TIMING.onboardingOverlayDelayMs after the app opens. Finishing (or
 * closing) marks FIRST_TIME_APP and, for a logged-in user, on_boarding_view on the server.
 */
export function OnboardingCarousel() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const state = useSession();
  const eligible = shouldShowOnboarding(config, state);
  const app = appTitle(config);
  const [opened, setOpened] = useState(false);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (!eligible) return;
    const timer = setTimeout(() => setOpened(true), TIMING.onboardingOverlayDelayMs);
    return () => clearTimeout(timer);
  }, [eligible]);

  const finish = () => {
    setOpened(false);
    session.markFirstTime({ onboarded: true });
    if (isLoggedIn(session.getState())) {
      // Best effort: the local flag already keeps the carousel away on this browser.
      markOnboardingViewed().then(session.setUser, () => undefined);
    }
  };

  const card = ONBOARDING_CARDS[index]!;
  const Icon = ICONS[card];
  const last = index === ONBOARDING_CARDS.length - 1;

  return (
    <Modal
      opened={opened && eligible}
      onClose={finish}
      centered
      size="md"
      radius="lg"
      title={t('onboarding.title', { app })}
      closeButtonProps={{ 'aria-label': t('onboarding.close') }}
      aria-describedby="onboarding-text"
    >
      <Stack align="center" ta="center" gap="md" py="sm" data-testid="onboarding">
        <ThemeIcon size={88} radius={88} variant="light">
          <Icon size={52} aria-hidden />
        </ThemeIcon>
        <Box mih={120} aria-live="polite">
          <Title order={2} size="h3" mb="xs">
            {t(`onboarding.cards.${card}.title`, { app })}
          </Title>
          <Text id="onboarding-text">{t(`onboarding.cards.${card}.text`, { app, country: config.country_name })}</Text>
        </Box>
        <Group gap={8} role="group" aria-label={t('onboarding.progress', { current: index + 1, total: ONBOARDING_CARDS.length })}>
          {ONBOARDING_CARDS.map((name, dot) => (
            <UnstyledButton
              key={name}
              onClick={() => setIndex(dot)}
              aria-label={t('onboarding.goTo', { number: dot + 1 })}
              aria-current={dot === index ? 'step' : undefined}
              w={dot === index ? 24 : 10}
              h={10}
              bg={dot === index ? 'brand.7' : 'gray.3'}
              style={{ borderRadius: 10, transition: 'width 150ms ease' }}
            />
          ))}
        </Group>
        <Group justify="space-between" w="100%">
          <Button variant="default" onClick={() => setIndex(index - 1)} disabled={index === 0}>
            {t('onboarding.previous')}
          </Button>
          {last ? (
            <Button onClick={finish}>{t('onboarding.start')}</Button>
          ) : (
            <Button onClick={() => setIndex(index + 1)}>{t('onboarding.next')}</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
