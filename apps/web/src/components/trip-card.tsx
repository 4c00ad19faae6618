import { Avatar, Badge, Card, Divider } from '@mantine/core';
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

// Layout in plain elements with the classes of ./trip-card.css (Mantine's Card, Badge, Avatar and
// Divider kept): twenty cards a page, and a Group, Stack or Text is a Mantine component per element.

function Town({ name, icon }: { name: string; icon: ReactNode }) {
  const label = townLabel(name);
  return (
    <div className="trip-card-row trip-card-gap6">
      {icon}
      <p className={label.small ? 'trip-card-text trip-card-town trip-card-town-small' : 'trip-card-text trip-card-town'} title={label.cut ? name : undefined}>
        {label.text}
      </p>
    </div>
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
    <div className="trip-card-column trip-card-gap2 trip-card-column-start">
      <div className="trip-card-row trip-card-gap2" aria-hidden>
        {display.seats.map((seat, index) => (
          <IconArmchair
            key={index}
            size={18}
            color={`var(--mantine-color-${seat.taken ? 'gray-4' : `${color}-6`})`}
            stroke={seat.taken ? 1.2 : 2}
          />
        ))}
      </div>
      {display.carpooleado ? (
        <Badge color="gray" variant="filled" size="sm">
          {t('card.full')}
        </Badge>
      ) : (
        <p className="trip-card-text trip-card-xs trip-card-semibold" style={{ color: `var(--mantine-color-${color}-text)` }} data-seat-level={display.level}>
          {t('card.seatsFree', { count: trip.seats_available, total: trip.total_seats })}
        </p>
      )}
    </div>
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
      <div className="trip-card-row trip-card-between">
        <div className="trip-card-row trip-card-gap6">
          <IconCalendarEvent size={16} aria-hidden />
          <time className="trip-card-text trip-card-sm trip-card-semibold" dateTime={toIsoString(trip.trip_date)}>
            <span className="trip-card-visually-hidden">{t('card.date')}: </span>
            {formatTripDate(trip.trip_date)}
          </time>
        </div>
        <Badge
          variant={light ? 'light' : 'white'}
          size="lg"
          leftSection={<IconClock size={14} aria-hidden />}
          style={{ flexShrink: 0, overflow: 'visible' }}
        >
          <span className="trip-card-visually-hidden">{t('card.time')}: </span>
          {formatTripTime(trip.trip_date)}
        </Badge>
      </div>
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

      <div className="trip-card-column trip-card-route">
        <div>
          <p className="trip-card-text trip-card-xs trip-card-dimmed">{t('card.from')}</p>
          <Town name={trip.from_town} icon={<IconCircleDot size={16} color="var(--mantine-color-green-7)" aria-hidden />} />
        </div>
        {via.length > 0 && (
          <p className="trip-card-text trip-card-xs trip-card-dimmed trip-card-via">
            {t('card.via')}: {via.join(', ')}
          </p>
        )}
        <div>
          <p className="trip-card-text trip-card-xs trip-card-dimmed">{t('card.to')}</p>
          <Town name={trip.to_town} icon={<IconMapPin size={16} color="var(--mantine-color-red-7)" aria-hidden />} />
        </div>
      </div>

      <Divider my="sm" />

      <div className="trip-card-row trip-card-between trip-card-align-end">
        {/* The provider sends no `user` to guests: no driver row then. */}
        {trip.user ? (
          <div className="trip-card-row trip-card-shrinkable">
            <Avatar src={profileImageUrl(trip.user.image)} alt="" name={trip.user.name} color="initials" radius="xl" />
            <div className="trip-card-column trip-card-gap2 trip-card-shrinkable">
              <p className="trip-card-text trip-card-sm trip-card-semibold trip-card-truncate">
                <span className="trip-card-visually-hidden">{seeksDriver ? t('card.passenger') : t('card.driver')}: </span>
                {trip.user.name}
              </p>
              <RatingStars positive={trip.user.positive_ratings} negative={trip.user.negative_ratings} />
            </div>
          </div>
        ) : (
          <div />
        )}
        {seeksDriver ? (
          <Badge color="grape" variant="light">
            {t('trips.seekingDriverBadge')}
          </Badge>
        ) : (
          <div className="trip-card-column trip-card-column-end">
            <Seats trip={trip} />
            {/* The browser's own tooltip: twenty floating tooltips measured the page on every first render. */}
            <p
              className="trip-card-text trip-card-md trip-card-bold"
              title={t('card.price')}
              aria-label={`${t('card.price')}: ${trip.seat_price_cents > 0 ? formatPrice(trip.seat_price_cents) : t('card.free')}`}
            >
              {trip.seat_price_cents > 0 ? formatPrice(trip.seat_price_cents) : t('card.free')}
            </p>
          </div>
        )}
      </div>
    </Card>
  );
}
