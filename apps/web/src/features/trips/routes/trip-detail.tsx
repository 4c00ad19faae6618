import { Container } from '@mantine/core';
import type { InfiniteData } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import type { Paginated, Trip } from '@carpool/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useTrip } from '../api/get-trip';
import { tripKeys } from '@/lib/query-keys';
import { TripDetailView } from '../components/trip-detail-view';
import { LoadingStatus } from '@/components/loading-status';

/**
 * detail_trip and detail_trip_location. A trip that is gone (trip_not_foound) leaves the local lists
 * and the search runs again; any other failure goes back to trips.
 */
export function TripDetailRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const trip = useTrip(id, { enabled: valid });
  const { error } = trip;

  useEffect(() => {
    if (!valid) {
      void navigate(paths.trips, { replace: true });
      return;
    }
    if (!error) return;
    if (isApiError(error) && error.code === 'trip_not_foound') {
      toast.error(t('tripNotFound'));
      queryClient.removeQueries({ queryKey: tripKeys.detail(id) });
      queryClient.setQueriesData<InfiniteData<Paginated<Trip>>>({ queryKey: tripKeys.searches() }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.filter((item) => item.id !== id) })) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: tripKeys.searches() });
    } else {
      toast.error(t(errorMessageKey(error)));
    }
    void navigate(paths.trips, { replace: true });
  }, [valid, error, id, navigate, queryClient, t]);

  return (
    <Container size="xl" px={{ base: 'md', md: 'xl' }} py="lg">
      {trip.data ? (
        <TripDetailView key={trip.data.id} trip={trip.data} location={params.location} />
      ) : (
        <LoadingStatus label={t('cargando')} />
      )}
    </Container>
  );
}

export { TripDetailRoute as Component };
