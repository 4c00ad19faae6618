import { Center, Container, Loader } from '@mantine/core';
import type { Trip } from '@carpool/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessageKey } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useTrip } from '../api/get-trip';
import { useUpdateTrip } from '../api/update-trip';
import { TripForm } from '../components/trip-form';
import { toTripUpdateBody, tripFormValuesFromTrip } from '../utils/trip-form';

function TripUpdateForm({ trip }: { trip: Trip }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateTrip(trip.id);
  // The form starts from the trip as loaded; later refetches do not reset what is being edited.
  const [initialValues] = useState(() => tripFormValuesFromTrip(trip));
  return (
    <TripForm
      mode="update"
      initialValues={initialValues}
      passengersAboard={trip.passenger_count}
      submitting={update.isPending}
      onSubmit={(values, route) =>
        update.mutate(toTripUpdateBody(values, route), {
          onSuccess: (saved) => void navigate(paths.trip(saved.id)),
          onError: (error) => toast.error(t(errorMessageKey(error, 'problemaAlCargarElViaje'))),
        })
      }
    />
  );
}

/** update-trip: the owner guard already loaded the trip, so the form starts from the cache. */
export function TripUpdateRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const trip = useTrip(id);

  if (trip.isError) return <Navigate to={paths.trips} replace />;
  return (
    <Container size="lg" px={{ base: 'md', md: 'xl' }} py="lg">
      {trip.data ? (
        <TripUpdateForm key={trip.data.id} trip={trip.data} />
      ) : (
        <Center py="xl" role="status">
          <Loader size="sm" aria-label={t('cargando')} />
        </Center>
      )}
    </Container>
  );
}

export { TripUpdateRoute as Component };
