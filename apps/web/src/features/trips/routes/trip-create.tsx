import { Container } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { useSession } from '@/lib/session';
import { isFlagSet } from '@/lib/trip-display';
import { toast } from '@/lib/toast';
import { useCreateTrip } from '../api/create-trip';
import { TripForm } from '../components/trip-form';
import { createErrorKey, defaultTripFormValues } from '../utils/trip-form';

export function TripCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useAppConfig();
  const { user } = useSession();
  // With validated drivers, an unverified user publishes as a passenger: the form opens on that kind
  // and says why the driver kind is off, instead of refusing the filled form (the server's rule).
  const canDrive = !config.module_validated_drivers || isFlagSet(user?.driver_is_verified as 0 | 1 | boolean | undefined);
  const [initialValues] = useState(() => ({ ...defaultTripFormValues(), isPassenger: !canDrive }));
  const create = useCreateTrip();

  return (
    <Container size="lg" px={{ base: 'md', md: 'xl' }} py="lg">
      <TripForm
        mode="create"
        initialValues={initialValues}
        canDrive={canDrive}
        submitting={create.isPending}
        onSubmit={(values, route) =>
          create.mutate(
            { values, route, returnRoute: route },
            {
              onSuccess: ({ trip, returnError }) => {
                if (returnError) toast.error(t('tripForm.returnTripFailed'));
                else toast.success(t('tripForm.published'));
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
