import { Alert, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TripCard } from '@/components/trip-card';
import { useUserTrips, type TripsViewer, type UserTripsKind } from '@/lib/user-trips';

function TripsSection({ userId, kind, viewer, title }: { userId: number; kind: UserTripsKind; viewer: TripsViewer; title: string }) {
  const { t } = useTranslation();
  const trips = useUserTrips(kind, { userId, viewer }, { retry: false });

  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {trips.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label={t('cargandoViajes')} />
        </Center>
      ) : trips.isError ? (
        <Alert color="gray" variant="light">
          {t('trips.loadError')}
        </Alert>
      ) : trips.data.length === 0 ? (
        <Text c="dimmed">{t('noHayViajes')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {trips.data.map((trip) => (
            <TripCard key={trip.id} trip={trip} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/**
 * The trips tab (spec document 1 §2 Profile): the user's trips as driver always; admins also see
 * the passenger trips and the old trips of both kinds. Who looks picks the call (`TripsViewer`).
 */
export function UserTrips({ userId, own, adminViewer }: { userId: number; own: boolean; adminViewer: boolean }) {
  const { t } = useTranslation();
  const viewer: TripsViewer = adminViewer ? 'admin' : own ? 'own' : 'visitor';
  return (
    <Stack gap="xl">
      <TripsSection userId={userId} kind={{ asDriver: true, old: false }} viewer={viewer} title={t('profile.tripsAsDriver')} />
      {adminViewer && (
        <>
          <TripsSection userId={userId} kind={{ asDriver: false, old: false }} viewer={viewer} title={t('profile.tripsAsPassenger')} />
          <TripsSection userId={userId} kind={{ asDriver: true, old: true }} viewer={viewer} title={t('profile.oldTripsAsDriver')} />
          <TripsSection userId={userId} kind={{ asDriver: false, old: true }} viewer={viewer} title={t('profile.oldTripsAsPassenger')} />
        </>
      )}
    </Stack>
  );
}
