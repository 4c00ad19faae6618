import { Avatar, Badge, Box, Card, Divider, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconArmchair, IconCalendarEvent, IconClock, IconMapPin, IconCircleDot } from '@tabler/icons-react';
import type { Trip } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { formatTripDate, formatTripTime, isPast, toIsoString } from '@/lib/dates';
import { profileImageUrl } from '@/lib/runtime-config';
import { useSession } from '@/lib/session';
import {
  SEAT_LEVEL_COLOR,
  formatPrice,
  intermediatePoints,
  isActivePassenger,
  isFlagSet,
  pointName,
  seatsDisplay,
  townLabel,
} from '@/lib/trip-display';
import { RatingStars } from './rating-stars';

function Town({ name, icon }: { name: string; icon: ReactNode }) {
  const label = townLabel(name);
  return (
    <Group gap={6} wrap="nowrap" align="center">
      {icon}
      <Text fw={700} fz={label.small ? 'sm' : 'lg'} lh={1.2} title={label.cut ? name : undefined}>
        {label.text}
      </Text>
    </Group>
  );
}

/**
 * Seat icons and the free count in its colour; 'Carpooleado' when full, for a viewer who is not one
 * of its passengers (the trip page's rule); a trip that has left shows 'Finalizado' only.
 */
function Seats({ trip }: { trip: Trip }) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (isPast(trip.trip_date)) {
    return (
      <Badge color="gray" variant="light" size="sm" data-seat-level="finished">
        {t('tripDetail.finished')}
      </Badge>
    );
  }
  const display = seatsDisplay(trip, isActivePassenger(trip, user));
  const color = SEAT_LEVEL_COLOR[display.level];
  return (
    <Stack gap={2} align="flex-start">
      <Group gap={2} aria-hidden wrap="nowrap">
        {display.seats.map((seat, index) => (
          <IconArmchair
            key={index}
            size={18}
            color={`var(--mantine-color-${seat.taken ? 'gray-4' : `${color}-6`})`}
            stroke={seat.taken ? 1.2 : 2}
          />
        ))}
      </Group>
      {display.carpooleado ? (
        <Badge color="gray" variant="filled" size="sm">
          {t('card.full')}
        </Badge>
      ) : (
        <Text size="xs" fw={600} c={color} data-seat-level={display.level}>
          {t('card.seatsFree', { count: trip.seats_available, total: trip.total_seats })}
        </Text>
      )}
    </Stack>
  );
}

export type TripCardProps = { trip: Trip };

/**
 * The configuration's trip_card_design (spec document 1 §2: 'light' or other): 'light' is a white
 * card; any other design puts the date and time in a band of the brand colour. Same content in both.
 */
const isLightCardDesign = (design: string | null | undefined): boolean => (design ?? 'light') === 'light';

export function TripCard({ trip }: TripCardProps) {
  const { t } = useTranslation();
  const light = isLightCardDesign(useAppConfig().trip_card_design);
  const via = intermediatePoints(trip).map(pointName);
  const seeksDriver = isFlagSet(trip.is_passenger);
  const dateBand = (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <IconCalendarEvent size={16} aria-hidden />
          <Text size="sm" fw={600} component="time" dateTime={toIsoString(trip.trip_date)}>
            <VisuallyHidden>{t('card.date')}: </VisuallyHidden>
            {formatTripDate(trip.trip_date)}
          </Text>
        </Group>
        <Badge
          variant={light ? 'light' : 'white'}
          size="lg"
          leftSection={<IconClock size={14} aria-hidden />}
          style={{ flexShrink: 0, overflow: 'visible' }}
        >
          <VisuallyHidden>{t('card.time')}: </VisuallyHidden>
          {formatTripTime(trip.trip_date)}
        </Badge>
      </Group>
  );

  return (
    <Card
      component={Link}
      to={paths.trip(trip.id)}
      withBorder
      radius="md"
      padding="md"
      h="100%"
      data-testid="trip-card"
      data-design={light ? 'light' : 'band'}
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      {light ? (
        dateBand
      ) : (
        <Card.Section withBorder inheritPadding py="xs" mb="xs" bg="green.8" c="white">
          {dateBand}
        </Card.Section>
      )}

      <Stack gap={4} mt="sm" style={{ flexGrow: 1 }}>
        <Box>
          <Text size="xs" c="dimmed">
            {t('card.from')}
          </Text>
          <Town name={trip.from_town} icon={<IconCircleDot size={16} color="var(--mantine-color-green-7)" aria-hidden />} />
        </Box>
        {via.length > 0 && (
          <Text size="xs" c="dimmed" pl={22} lineClamp={2}>
            {t('card.via')}: {via.join(', ')}
          </Text>
        )}
        <Box>
          <Text size="xs" c="dimmed">
            {t('card.to')}
          </Text>
          <Town name={trip.to_town} icon={<IconMapPin size={16} color="var(--mantine-color-red-7)" aria-hidden />} />
        </Box>
      </Stack>

      <Divider my="sm" />

      <Group justify="space-between" align="flex-end" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Avatar src={profileImageUrl(trip.user.image)} alt="" name={trip.user.name} color="initials" radius="xl" />
          <Stack gap={2} miw={0}>
            <Text size="sm" fw={600} truncate="end">
              <VisuallyHidden>{seeksDriver ? t('card.passenger') : t('card.driver')}: </VisuallyHidden>
              {trip.user.name}
            </Text>
            <RatingStars positive={trip.user.positive_ratings} negative={trip.user.negative_ratings} />
          </Stack>
        </Group>
        {seeksDriver ? (
          <Badge color="grape" variant="light">
            {t('trips.seekingDriverBadge')}
          </Badge>
        ) : (
          <Stack gap={4} align="flex-end">
            <Seats trip={trip} />
            {/* The browser's own tooltip: twenty floating tooltips measured the page on every first render. */}
            <Text
              fw={700}
              size="md"
              title={t('card.price')}
              aria-label={`${t('card.price')}: ${trip.seat_price_cents > 0 ? formatPrice(trip.seat_price_cents) : t('card.free')}`}
            >
              {trip.seat_price_cents > 0 ? formatPrice(trip.seat_price_cents) : t('card.free')}
            </Text>
          </Stack>
        )}
      </Group>
    </Card>
  );
}
