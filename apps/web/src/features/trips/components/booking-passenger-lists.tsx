import { ActionIcon, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { REQUEST_STATES, requestStateOf, requesterIdOf, type PassengerRequest, type Trip, type TripUser } from '@carpool/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useAppConfig } from '@/lib/app-config';
import { errorMessageKey } from '@/lib/errors';
import { useDecideRequest } from '@/lib/seat-requests';
import { toast } from '@/lib/toast';
import { usePassengerRequests } from '../api/get-passenger-requests';
import { BookingPersonRow } from './booking-person-row';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

type Passenger = { id: number; userId: number; state: number; user?: TripUser };

/** A row of GET …/passengers (the provider names the state `state` and the passenger by `user`). */
const fromPassengerRow = (row: PassengerRequest): Passenger => ({ id: row.id, userId: requesterIdOf(row), state: requestStateOf(row), user: row.user });

/** The trip's own request rows (the provider's: id is the user's, request_id the row's) as list rows. */
const fromRequestRow = (row: NonNullable<Trip['allPassengerRequest']>[number]): Passenger => ({
  id: row.request_id,
  userId: row.user_id,
  state: row.request_state,
  user: row.user,
});

/** One titled list of the owner's passengers, or its empty text. */
function PassengerSection({ title, empty, testId, children }: { title: string; empty: string; testId: string; children: ReactNode[] }) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={listStyle} data-testid={testId}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The owner's 'Pasajeros subidos' and 'Pasajeros pendiente de pago' (GET …/passengers and the trip's
 * own allPassengerRequest, which fills in while the list loads), each with a message link and,
 * before the trip leaves, removal.
 */
export function BookingPassengerLists({ trip, expired }: { trip: Trip; expired: boolean }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const passengers = usePassengerRequests(trip.id, true);
  const remove = useDecideRequest();
  const [removing, setRemoving] = useState<Passenger | null>(null);
  const tripRows = (trip.allPassengerRequest ?? []).map(fromRequestRow);
  const list: Passenger[] = passengers.data?.map(fromPassengerRow) ?? tripRows;
  const boarded = list.filter((item) => item.state === REQUEST_STATES.accepted);
  // The provider's …/passengers lists state 1 only (PassengersRepository::getPassengers); the trip's
  // allPassengerRequest holds every request, so the seats to pay come from both, once each.
  const toPay = [...new Map([...list, ...tripRows].filter((item) => item.state === REQUEST_STATES.waitingPayment).map((item) => [item.id, item])).values()];

  const confirmRemoval = () => {
    if (!removing) return;
    remove.mutate(
      { tripId: trip.id, userId: removing.userId, decision: 'cancel' },
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
      <PassengerSection title={t('booking.boarded')} empty={t('noHayPasajeros')} testId="boarded-passengers">
        {boarded.map(row)}
      </PassengerSection>
      {(config.module_trip_seats_payment || toPay.length > 0) && (
        <PassengerSection title={t('booking.awaitingPaymentList')} empty={t('booking.noneToPay')} testId="passengers-to-pay">
          {toPay.map(row)}
        </PassengerSection>
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
