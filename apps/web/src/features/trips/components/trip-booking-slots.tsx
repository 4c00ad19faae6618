import { Avatar, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { REQUEST_STATES, isActiveRequest, type Trip } from '@carpool/contracts';
import { forwardRef, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { profileImageUrl } from '@/lib/runtime-config';
import { BookingPassengerLists } from './booking-passenger-lists';
import { BookingPendingRequests } from './booking-pending-requests';
import { BookingRequestActions } from './booking-request-actions';
import { SelladoPaymentWidget } from './sellado-payment-widget';

// Only the trip's owner writes to all its passengers: the form (a text area) loads for the owner only.
const MessageAllForm = lazy(() => import('@/components/message-all-form').then((module) => ({ default: module.MessageAllForm })));

type SlotProps = { trip: Trip; isOwner: boolean; expired: boolean };
/** A passenger's 'Busco conductor' trip: no one boards it, so only its creation fee can show. */
type PassengersSlotProps = SlotProps & { seeksDriver?: boolean };

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/**
 * Passengers and requests of the trip. The owner gets the creation-fee (sellado) widget when it is due,
 * the pending requests (accept/reject) while the trip has not left, and the lists 'Pasajeros
 * subidos' and 'Pasajeros pendiente de pago' with messaging and removal. Passengers and admins see
 * who is aboard; the detail page shows the slot to no one else (the API gives them no list).
 */
export const TripPassengersSlot = forwardRef<HTMLElement, PassengersSlotProps>(function TripPassengersSlot({ trip, isOwner, expired, seeksDriver = false }, ref) {
  const { t } = useTranslation();
  if (seeksDriver) return isOwner ? <SelladoPaymentWidget key={trip.id} trip={trip} /> : null;
  // User objects; a missing state (the provider's answer) means aboard.
  const boarded = (trip.passenger ?? []).filter((passenger) => (passenger.request_state ?? REQUEST_STATES.accepted) === REQUEST_STATES.accepted);
  return (
    <>
      {isOwner && <SelladoPaymentWidget key={trip.id} trip={trip} />}
      {isOwner && !expired && <BookingPendingRequests tripId={trip.id} />}
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="passengers-title" ref={ref} id="passengers" data-testid="trip-passengers-slot" style={{ scrollMarginTop: 80 }}>
        <Title order={2} size="h4" id="passengers-title" mb="sm">
          {t('tripDetail.passengers')}
        </Title>
        {isOwner ? (
          <BookingPassengerLists trip={trip} expired={expired} />
        ) : boarded.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('noHayPasajeros')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={listStyle}>
            {boarded.map((passenger) => (
              <Group key={passenger.id} component="li" gap="sm">
                <Avatar src={profileImageUrl(passenger.image)} alt="" name={passenger.name ?? passenger.first_name} color="initials" radius="xl" size="sm" />
                <Text size="sm">{passenger.name ?? passenger.first_name}</Text>
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
      {isOwner && !expired && (
        <Suspense fallback={null}>
          <MessageAllForm
            passengerIds={(trip.passenger ?? [])
              .filter((passenger) => isActiveRequest(passenger.request_state ?? REQUEST_STATES.accepted))
              .map((passenger) => passenger.id)}
          />
        </Suspense>
      )}
    </>
  );
});

/**
 * The request-a-seat area for a viewer who is not the owner, on a trip that has not left
 * (spec §4: a request only without one yet; then the sent marker, leaving, or paying).
 */
export function TripRequestSlot({ trip, isOwner, expired }: SlotProps) {
  if (isOwner || expired) return null;
  return <BookingRequestActions trip={trip} />;
}
