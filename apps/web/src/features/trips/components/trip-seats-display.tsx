import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconArmchair } from '@tabler/icons-react';
import type { Trip } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { SEAT_LEVEL_COLOR } from '@/lib/trip-display';
import { seatsDisplay } from '../utils/trip-detail';

type TripSeatsDisplayProps = {
  trip: Pick<Trip, 'total_seats' | 'seats_available'>;
  viewerIsPassenger: boolean;
  /** The trip has left: no seat is on offer any more. */
  finished?: boolean;
};

/**
 * Seat icons (taken ones greyed), the free count in its colour, or 'Carpooleado' when full. A trip
 * that has left (its page says 'Finalizado' and 'Viaje Carpooleado') offers no seats: its seats are
 * grey and the line says how many were taken, not '1 libre de 3' in red.
 */
export function TripSeatsDisplay({ trip, viewerIsPassenger, finished = false }: TripSeatsDisplayProps) {
  const { t } = useTranslation();
  const display = seatsDisplay(trip, viewerIsPassenger);
  const color = SEAT_LEVEL_COLOR[display.level];
  if (finished) {
    return (
      <Stack gap={4} data-testid="trip-seats" data-seat-level="finished">
        <Group gap={4} wrap="nowrap" aria-hidden>
          {display.seats.map((seat, index) => (
            <IconArmchair key={index} size={24} data-taken={seat.taken} color={`var(--mantine-color-gray-${seat.taken ? 6 : 4})`} stroke={1.2} />
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {t('tripDetail.seatsTaken', { taken: trip.total_seats - Math.max(trip.seats_available, 0), total: trip.total_seats })}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={4} data-testid="trip-seats" data-seat-level={display.level}>
      <Group gap={4} wrap="nowrap" aria-hidden>
        {display.seats.map((seat, index) => (
          <IconArmchair
            key={index}
            size={24}
            data-taken={seat.taken}
            color={`var(--mantine-color-${seat.taken ? 'gray-4' : `${color}-6`})`}
            stroke={seat.taken ? 1.2 : 2}
          />
        ))}
      </Group>
      {display.carpooleado ? (
        <Badge color="gray" variant="filled">
          {t('card.full')}
        </Badge>
      ) : (
        <Text size="sm" fw={600} c={color}>
          {t('card.seatsFree', { count: trip.seats_available, total: trip.total_seats })}
        </Text>
      )}
    </Stack>
  );
}
