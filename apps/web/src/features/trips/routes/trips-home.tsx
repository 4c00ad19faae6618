import { Anchor, Alert, Image, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconLogin } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { DonationPanel, DonationPrompt } from '@/components/donation-panel';
import { paths, withRedirect } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { donationPanelSlots, isMonthlyDonor, showGeneralDonationPrompt } from '@/lib/donations';
import { runtimeConfig } from '@/lib/runtime-config';
import { isLoggedIn, useSession } from '@/lib/session';
import { tripKeys } from '@/lib/query-keys';
import { HomePrompts } from '../components/home-prompts';
import { SearchAlertOffer } from '../components/search-alert-offer';
import { TripList } from '../components/trip-list';
import { TripSearchForm } from '../components/trip-search-form';
import { canOfferSearchAlert } from '../utils/search-alert';
import { readSearch, toTripSearch, writeSearch, type TripSearchValues } from '../utils/search-params';

const CLEAR_SEARCH = 'clearSearch';

const bannerImageUrl = (image: string) => (image.startsWith('/') ? `${runtimeConfig.apiUrl}${image}` : image);

export function TripsHomeRoute() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const session = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const clearing = searchParams.has(CLEAR_SEARCH);

  // The home tab clears the search and reloads the list.
  useEffect(() => {
    if (!clearing) return;
    setSearchParams({}, { replace: true });
    void queryClient.resetQueries({ queryKey: tripKeys.searches() });
  }, [clearing, setSearchParams, queryClient]);

  const values = useMemo(() => readSearch(searchParams), [searchParams]);
  const search = useMemo(() => toTripSearch(values), [values]);
  const formKey = writeSearch(values).toString();

  const onSearch = (next: TripSearchValues) => setSearchParams(writeSearch(next));

  // Donation prompts are never shown to monthly donors (spec document 1 §6).
  const [promptDismissed, setPromptDismissed] = useState(false);
  const asksDonations = !isMonthlyDonor(session.user);
  const showPrompt = !promptDismissed && showGeneralDonationPrompt(config, session.user, new Date());

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 28, md: 34 }}>
          {t('trips.title')}
        </Title>
        <Text c="dimmed">{t('trips.subtitle', { country: config.country_name })}</Text>
      </Stack>

      <HomePrompts />

      {config.banner && (
        <Anchor href={config.banner.url} target="_blank" rel="noopener noreferrer">
          <Image src={bannerImageUrl(config.banner.image)} alt={t('trips.bannerAlt')} radius="md" mah={180} fit="cover" />
        </Anchor>
      )}

      {!isLoggedIn(session) && (
        <Alert hiddenFrom="md" color="green" variant="light" icon={<IconLogin size={18} aria-hidden />}>
          <Text size="sm">
            {t('login.loginToSee')}{' '}
            <Anchor component={Link} to={withRedirect(paths.login, location.pathname + location.search)} fw={600}>
              {t('trips.loginLink')}
            </Anchor>
          </Text>
        </Alert>
      )}

      {showPrompt && <DonationPrompt onDismiss={() => setPromptDismissed(true)} />}

      <TripSearchForm
        key={formKey}
        initialValues={values}
        homeCountry={config.osm_country}
        homeCountryName={config.country_name}
        onSearch={onSearch}
      />

      {!clearing && (
        <TripList
          search={search}
          maxCardsPerRow={config.max_cards_per_row}
          panel={asksDonations ? <DonationPanel /> : undefined}
          panelSlots={(count) => donationPanelSlots(count, config)}
          emptyAction={canOfferSearchAlert(values, isLoggedIn(session)) ? <SearchAlertOffer key={formKey} values={values} /> : undefined}
        />
      )}
    </Stack>
  );
}

export { TripsHomeRoute as Component };
