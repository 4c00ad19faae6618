import { Avatar, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { REQUEST_STATES, type Trip } from '@carpool/contracts';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { profileImageUrl } from '@/lib/runtime-config';

type SlotProps = { trip: Trip; isOwner: boolean; expired: boolean };

/**
 * Passengers and requests of the trip. The booking issue completes it: 'Pasajeros subidos',
 * 'Pasajeros pendiente de pago', pending requests with accept/reject, removing and messaging
 * passengers, the message-to-all form. Until then it lists the boarded passengers the API sends.
 */
export const TripPassengersSlot = forwardRef<HTMLElement, SlotProps>(function TripPassengersSlot({ trip }, ref) {
  const { t } = useTranslation();
  const boarded = (trip.passenger ?? []).filter((passenger) => passenger.request_state === REQUEST_STATES.accepted);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="passengers-title" ref={ref} id="passengers" data-testid="trip-passengers-slot" style={{ scrollMarginTop: 80 }}>
      <Title order={2} size="h4" id="passengers-title" mb="sm">
        {t('tripDetail.passengers')}
      </Title>
      {boarded.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('noHayPasajeros')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {boarded.map((passenger) => (
            <Group key={passenger.id} component="li" gap="sm">
              <Avatar src={profileImageUrl(passenger.user?.image)} alt="" name={passenger.user?.name} color="initials" radius="xl" size="sm" />
              <Text size="sm">{passenger.user?.name}</Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
});

/**
 * The request-a-seat button area for a viewer who is not the owner (spec §4: only without a request
 * yet and on a trip that has not left). The booking issue fills it; nothing shows until then.
 */
export function TripRequestSlot(_props: SlotProps) {
  return null;
}
