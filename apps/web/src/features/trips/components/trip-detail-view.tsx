import { Alert, Anchor, Avatar, Badge, Box, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBabyCarriage,
  IconCalendarEvent,
  IconClock,
  IconDog,
  IconEyeOff,
  IconLeaf,
  IconLock,
  IconRoute,
  IconSmoking,
  IconTrash,
} from '@tabler/icons-react';
import { TRIP_DEFAULTS, type Trip } from '@carpool/contracts';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { RatingStars } from '@/components/rating-stars';
import { paths } from '@/config/paths';
import { DESKTOP_QUERY } from '@/config/theme';
import { useAppConfig } from '@/lib/app-config';
import { formatTripDate, formatTripTime, isPast, toIsoString } from '@/lib/dates';
import { profileImageUrl } from '@/lib/runtime-config';
import { isAdmin, useSession } from '@/lib/session';
import { formatPrice, isFlagSet, pointName } from '@/lib/trip-display';
import { isActivePassenger, isTripOwner, tripAlerts, tripStatus, type TripAlert, type TripStatus } from '../utils/trip-detail';
import { PRIVACY_KEYS } from '../utils/trip-form';
import { carbonKg, distanceKm, estimatedMinutes, formatDuration } from '../utils/trip-stats';
import { FreeSeatStepper } from './free-seat-stepper';
import { MatchingPassengers } from './matching-passengers';
import { TripMapSection } from './trip-map-section';
import { TripOwnerActions } from './trip-owner-actions';
import { TripPassengersSlot, TripRequestSlot } from './trip-booking-slots';
import { TripSeatsDisplay } from './trip-seats-display';
import { TripShareLinks } from './trip-share-links';

const ALERTS: Record<TripAlert, { color: string; icon: ReactNode; titleKey: string; textKey: string }> = {
  hidden: { color: 'gray', icon: <IconEyeOff size={18} aria-hidden />, titleKey: 'tripDetail.hidden', textKey: 'tripDetail.hiddenText' },
  deleted: { color: 'red', icon: <IconTrash size={18} aria-hidden />, titleKey: 'tripDetail.deleted', textKey: 'tripDetail.deletedText' },
  awaiting_payment: {
    color: 'yellow',
    icon: <IconAlertTriangle size={18} aria-hidden />,
    titleKey: 'tripDetail.awaitingPayment',
    textKey: 'tripDetail.awaitingPaymentText',
  },
  payment_failed: {
    color: 'red',
    icon: <IconAlertTriangle size={18} aria-hidden />,
    titleKey: 'tripDetail.paymentFailed',
    textKey: 'tripDetail.paymentFailedText',
  },
  pending_payment: {
    color: 'blue',
    icon: <IconClock size={18} aria-hidden />,
    titleKey: 'tripDetail.pendingPayment',
    textKey: 'tripDetail.pendingPaymentText',
  },
};

const TRIP_STATUS_COLOR: Record<TripStatus, string> = { active: 'green', hidden: 'gray', deleted: 'red' };

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {icon}
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text fw={700}>{value}</Text>
      </Stack>
    </Group>
  );
}

/** The text already says yes or no ('No se fuma'); striking it through would read as the opposite. */
function Preference({ allowed, icon, yes, no }: { allowed: boolean; icon: ReactNode; yes: string; no: string }) {
  return (
    <Group gap={6} wrap="nowrap" c={allowed ? 'green' : 'gray.7'}>
      {icon}
      <Text size="sm">{allowed ? yes : no}</Text>
    </Group>
  );
}

type TripDetailViewProps = { trip: Trip; location?: string };

export function TripDetailView({ trip, location }: TripDetailViewProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const { user } = useSession();
  const passengersRef = useRef<HTMLElement>(null);
  const owner = isTripOwner(trip, user);
  const passenger = isActivePassenger(trip, user);
  const expired = isPast(trip.trip_date);
  const seeksDriver = isFlagSet(trip.is_passenger);
  const minutes = estimatedMinutes(trip.estimated_time);
  const alerts = tripAlerts(trip);
  const via = trip.points.slice(1, -1).map(pointName);
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  // Below the desktop layout the side column falls under the map and the details: a viewer's seat
  // request (or payment, or leaving) would sit far down the page, so it rides in a bar stuck above the
  // tab bar instead, until the page scrolls to where it belongs (the end).
  const actionBar = !isDesktop && !expired && !owner;
  const shareUrl = `${window.location.origin}${import.meta.env.BASE_URL.replace(/\/$/, '')}${paths.trip(trip.id)}`;

  const tripButtons = (
    <Stack gap="sm" data-testid="trip-buttons">
      {expired ? (
        <>
          <Button disabled fullWidth>
            {t('tripDetail.finished')}
          </Button>
          <Button disabled fullWidth variant="light">
            {t('tripDetail.carpooled')}
          </Button>
        </>
      ) : owner ? (
        <>
          <TripOwnerActions tripId={trip.id} />
          {!seeksDriver && <FreeSeatStepper trip={trip} />}
        </>
      ) : (
        <TripRequestSlot trip={trip} isOwner={owner} expired={expired} />
      )}
    </Stack>
  );

  // /trips/:id/passenger opens the passengers view.
  useEffect(() => {
    if (location === 'passenger') passengersRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [location]);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="xs">
          {seeksDriver && (
            <Badge color="grape" variant="light">
              {t('trips.seekingDriverBadge')}
            </Badge>
          )}
          {owner && (
            <>
              <Badge color="brand" variant="light">
                {t('tripDetail.yourTrip')}
              </Badge>
              <Badge color={TRIP_STATUS_COLOR[tripStatus(trip)]} variant="outline" data-testid="trip-status">
                {t(`tripDetail.status.${tripStatus(trip)}`)}
              </Badge>
            </>
          )}
        </Group>
        <Title order={1} fz={{ base: 24, md: 32 }}>
          {t('tripDetail.title', { from: trip.from_town, to: trip.to_town })}
        </Title>
        {via.length > 0 && (
          <Text c="dimmed" size="sm">
            {t('card.via')}: {via.join(', ')}
          </Text>
        )}
      </Stack>

      {owner && !expired && config.module_show_pending_request_count && (trip.passengerPending_count ?? 0) > TRIP_DEFAULTS.pendingRequestsWarningAbove && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="pending-requests-warning">
          {t('tripDetail.pendingRequestsWarning', { count: trip.passengerPending_count })}
        </Alert>
      )}

      {alerts.map((alert) => (
        <Alert key={alert} color={ALERTS[alert].color} icon={ALERTS[alert].icon} title={t(ALERTS[alert].titleKey)} role="alert">
          {t(ALERTS[alert].textKey)}
        </Alert>
      ))}

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <TripMapSection
              points={trip.points.map((point) => ({ lat: point.lat, lng: point.lng, name: pointName(point) }))}
              tileUrl={config.map_tile_url}
            />

            <Paper withBorder radius="md" p="md">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <Stat
                    icon={<IconCalendarEvent size={22} aria-hidden />}
                    label={t('card.date')}
                    value={formatTripDate(trip.trip_date)}
                  />
                  <Group gap="xs" wrap="nowrap">
                    <IconClock size={22} aria-hidden />
                    <Stack gap={0}>
                      <Text size="xs" c="dimmed">
                        {t('card.time')}
                      </Text>
                      <Text fw={700} component="time" dateTime={toIsoString(trip.trip_date)}>
                        {formatTripTime(trip.trip_date)}
                      </Text>
                    </Stack>
                  </Group>
                  <Box>
                    <Text size="xs" c="dimmed" mb={4}>
                      {seeksDriver ? t('tripDetail.seatsWanted') : t('card.seats')}
                    </Text>
                    {seeksDriver ? (
                      <Text fw={700}>{trip.total_seats}</Text>
                    ) : (
                      <TripSeatsDisplay trip={trip} viewerIsPassenger={passenger} finished={expired} />
                    )}
                  </Box>
                  {!seeksDriver && (
                    <Stat
                      icon={<Text fw={800} fz="lg" aria-hidden>$</Text>}
                      label={t('card.price')}
                      value={trip.seat_price_cents > 0 ? formatPrice(trip.seat_price_cents) : t('card.free')}
                    />
                  )}
                  <Stat icon={<IconLock size={22} aria-hidden />} label={t('tripForm.privacy')} value={t(PRIVACY_KEYS[trip.friendship_type_id])} />
                </SimpleGrid>

                {/* Below the fold at both widths (the map is above): after the first paint. */}
                <AfterFirstPaint>
                  <Group gap="lg" aria-label={t('tripForm.preferences')} role="group">
                    <Preference allowed={isFlagSet(trip.allow_smoking)} icon={<IconSmoking size={18} aria-hidden />} yes={t('tripDetail.smokingAllowed')} no={t('tripDetail.noSmoking')} />
                    <Preference allowed={isFlagSet(trip.allow_animals)} icon={<IconDog size={18} aria-hidden />} yes={t('tripDetail.petsAllowed')} no={t('tripDetail.noPets')} />
                    <Preference allowed={isFlagSet(trip.allow_kids)} icon={<IconBabyCarriage size={18} aria-hidden />} yes={t('tripDetail.kidsAllowed')} no={t('tripDetail.noKids')} />
                  </Group>

                  <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" data-testid="trip-stats">
                    <Stat icon={<IconRoute size={22} aria-hidden />} label={t('tripDetail.distance')} value={`${distanceKm(trip.distance)} km`} />
                    <Stat
                      icon={<IconClock size={22} aria-hidden />}
                      label={t('tripDetail.estimatedTime')}
                      value={minutes !== null ? formatDuration(minutes) : '—'}
                    />
                    <Stat icon={<IconLeaf size={22} aria-hidden />} label={t('tripDetail.carbon')} value={`${carbonKg(trip.distance)} kg CO₂`} />
                  </SimpleGrid>

                  <Box>
                    <Text size="xs" c="dimmed" mb={4}>
                      {t('tripForm.description')}
                    </Text>
                    <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{trip.description}</Text>
                  </Box>

                  {(trip.return_trip || trip.parent_trip_id) && (
                    <Text size="sm">
                      {trip.return_trip ? (
                        <Anchor component={Link} to={paths.trip(trip.return_trip.id)}>
                          {t('tripDetail.returnTripLink', { date: formatTripDate(trip.return_trip.trip_date) })}
                        </Anchor>
                      ) : (
                        <Anchor component={Link} to={paths.trip(trip.parent_trip_id!)}>
                          {t('tripDetail.outboundTripLink')}
                        </Anchor>
                      )}
                    </Text>
                  )}

                  <TripShareLinks url={shareUrl} text={t('tripDetail.shareText', { from: trip.from_town, to: trip.to_town })} />
                </AfterFirstPaint>
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            {/* The provider sends no `user` to guests: no driver panel then. */}
            {trip.user && (
              <Paper withBorder radius="md" p="md" component="section" aria-label={seeksDriver ? t('card.passenger') : t('card.driver')}>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={profileImageUrl(trip.user.image)} alt="" name={trip.user.name} color="initials" radius="xl" size="lg" />
                  <Stack gap={2} miw={0}>
                    <Text size="xs" c="dimmed">
                      {seeksDriver ? t('card.passenger') : t('card.driver')}
                    </Text>
                    <Anchor component={Link} to={paths.profile(trip.user.id)} fw={700} truncate="end">
                      {trip.user.name}
                    </Anchor>
                    <RatingStars positive={trip.user.positive_ratings} negative={trip.user.negative_ratings} size={16} />
                  </Stack>
                </Group>
              </Paper>
            )}

            {!actionBar && tripButtons}

            {owner && !expired && <MatchingPassengers tripId={trip.id} seeksDriver={seeksDriver} />}
            {/* Who rides is for the owner, the passengers and admins: the API gives others an empty list. A
                trip that seeks a driver has no passengers, requests or message to them. */}
            {(owner || passenger || isAdmin(user)) && (
              <TripPassengersSlot ref={passengersRef} trip={trip} isOwner={owner} expired={expired} seeksDriver={seeksDriver} />
            )}
          </Stack>
        </Grid.Col>
      </Grid>

      {actionBar && (
        <Paper
          data-testid="trip-action-bar"
          withBorder
          shadow="md"
          radius="md"
          p="sm"
          pos="sticky"
          style={{ bottom: 'calc(var(--app-shell-footer-offset, 0rem) + var(--mantine-spacing-xs))', zIndex: 3 }}
        >
          {tripButtons}
        </Paper>
      )}
    </Stack>
  );
}
