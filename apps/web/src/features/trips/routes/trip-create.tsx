import { Container } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { useCreateTrip } from '../api/create-trip';
import { TripForm } from '../components/trip-form';
import { createErrorKey, defaultTripFormValues } from '../utils/trip-form';

export function TripCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [initialValues] = useState(() => defaultTripFormValues());
  const create = useCreateTrip();

  return (
    <Container size="lg" px={{ base: 'md', md: 'xl' }} py="lg">
      <TripForm
        mode="create"
        initialValues={initialValues}
        submitting={create.isPending}
        onSubmit={(values, route) =>
          create.mutate(
            { values, route, returnRoute: route },
            {
              onSuccess: ({ trip, returnError }) => {
                if (returnError) toast.error(t('tripForm.returnTripFailed'));
                void navigate(paths.trip(trip.id));
              },
              onError: (error) => toast.error(t(createErrorKey(error))),
            },
          )
        }
      />
    </Container>
  );
}

export { TripCreateRoute as Component };
