import { ActionIcon, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { REQUEST_STATES, type Trip, type TripUser } from '@carpool/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useAppConfig } from '@/lib/app-config';
import { errorMessageKey } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useDecideRequest } from '../api/decide-request';
import { usePassengerRequests } from '../api/get-passenger-requests';
import { BookingPersonRow } from './booking-person-row';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

type Passenger = { id: number; user_id: number; request_state: number; user?: TripUser };

/**
 * The owner's 'Pasajeros subidos' and 'Pasajeros pendiente de pago' (GET …/passengers; the trip's
 * own list fills in while it loads), each with a message link and, before the trip leaves, removal.
 */
export function BookingPassengerLists({ trip, expired }: { trip: Trip; expired: boolean }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const passengers = usePassengerRequests(trip.id, true);
  const remove = useDecideRequest(trip.id);
  const [removing, setRemoving] = useState<Passenger | null>(null);
  const list: Passenger[] = passengers.data ?? trip.passenger ?? [];
  const boarded = list.filter((item) => item.request_state === REQUEST_STATES.accepted);
  const toPay = list.filter((item) => item.request_state === REQUEST_STATES.waitingPayment);

  const confirmRemoval = () => {
    if (!removing) return;
    remove.mutate(
      { userId: removing.user_id, decision: 'cancel' },
      {
        onSuccess: () => {
          setRemoving(null);
          toast.success(t('removerPasajeroExitoso'));
        },
        onError: (error) => {
          setRemoving(null);
          toast.error(t(errorMessageKey(error)));
        },
      },
    );
  };

  const row = (passenger: Passenger) =>
    passenger.user ? (
      <BookingPersonRow
        key={passenger.id}
        user={passenger.user}
        testId="trip-passenger"
        actions={
          !expired && (
            <Tooltip label={t('booking.removePassengerNamed', { name: passenger.user.name })} withArrow>
              <ActionIcon
                variant="light"
                color="red"
                size="lg"
                onClick={() => setRemoving(passenger)}
                aria-label={t('booking.removePassengerNamed', { name: passenger.user.name })}
              >
                <IconUserMinus size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )
        }
      />
    ) : null;

  return (
    <Stack gap="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('booking.boarded')}
        </Title>
        {boarded.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('noHayPasajeros')}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={listStyle} data-testid="boarded-passengers">
            {boarded.map(row)}
          </Stack>
        )}
      </Stack>
      {(config.module_trip_seats_payment || toPay.length > 0) && (
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('booking.awaitingPaymentList')}
          </Title>
          {toPay.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('booking.noneToPay')}
            </Text>
          ) : (
            <Stack gap="sm" component="ul" style={listStyle} data-testid="passengers-to-pay">
              {toPay.map(row)}
            </Stack>
          )}
        </Stack>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t('booking.removeTitle')}
        message={t('seguroBajarPasajero')}
        loading={remove.isPending}
        onConfirm={confirmRemoval}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
