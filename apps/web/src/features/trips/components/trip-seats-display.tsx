import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconArmchair } from '@tabler/icons-react';
import type { Trip } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { SEAT_LEVEL_COLOR } from '@/lib/trip-display';
import { seatsDisplay } from '../utils/trip-detail';

type TripSeatsDisplayProps = { trip: Pick<Trip, 'total_seats' | 'seats_available'>; viewerIsPassenger: boolean };

/** Seat icons (taken ones greyed), the free count in its colour, or 'Carpooleado' when full. */
export function TripSeatsDisplay({ trip, viewerIsPassenger }: TripSeatsDisplayProps) {
  const { t } = useTranslation();
  const display = seatsDisplay(trip, viewerIsPassenger);
  const color = SEAT_LEVEL_COLOR[display.level];
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
