import { Box, Container, SimpleGrid, Stack, Title } from '@mantine/core';
import type { Trip } from '@carpool/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TripCard } from '@/components/trip-card';
import { usePaymentOutcomeToast } from '@/lib/payment-outcome';
import { OWN_TRIPS, useUserTrips, type UserTripsKind } from '@/lib/user-trips';
import { usePaymentPending } from '../api/get-payment-pending';
import { usePendingRatings } from '../api/get-pending-ratings';
import { usePendingRequests } from '../api/get-pending-requests';
import { useRequestTrips } from '../api/get-request-trips';
import { useSubscriptions } from '../api/get-subscriptions';
import { MyTripsSection } from '../components/my-trips-section';
import { PaymentPendingCard, PendingRequestCard } from '../components/pending-cards';
import { DonationAfterRating } from '../components/donation-after-rating';
import { PendingRatingsList } from '../components/pending-ratings';
import { SubscriptionsSection } from '../components/subscriptions-section';
import { ToDoSummary } from '../components/to-do-summary';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

// Trips are created, edited and cancelled on other pages: always ask again when my trips opens.
const useMyTrips = (kind: UserTripsKind) => useUserTrips(kind, OWN_TRIPS, { refetchOnMount: 'always' });

function TripGrid({ trips }: { trips: Trip[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="ul" style={listStyle}>
      {trips.map((trip) => (
        <Box component="li" key={trip.id}>
          <TripCard trip={trip} />
        </Box>
      ))}
    </SimpleGrid>
  );
}

/**
 * my-trips (spec document 1 §2): trips as driver and joined, upcoming and past, pending lists, saved
 * searches. What waits for the user (payments, seat requests, ratings) comes first, in that order, under
 * a summary that leads to each, so on a phone it is not buried under the trip lists; each trip list has
 * its own empty text.
 */
export function MyTripsRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const loc = searchParams.get('loc');
  usePaymentOutcomeToast();

  const driverTrips = useMyTrips({ asDriver: true, old: false });
  const passengerTrips = useMyTrips({ asDriver: false, old: false });
  const oldDriverTrips = useMyTrips({ asDriver: true, old: true });
  const oldPassengerTrips = useMyTrips({ asDriver: false, old: true });
  const paymentPending = usePaymentPending();
  const pendingRequests = usePendingRequests();
  const pendingRatings = usePendingRatings();
  const subscriptions = useSubscriptions();
  // The requests on my trips are on my trips as driver; the seats to pay are fetched one by one.
  const tripOfPendingRequest = useRequestTrips(pendingRequests.data, driverTrips);
  const tripOfPayment = useRequestTrips(paymentPending.data);
  const settled = [driverTrips, passengerTrips, paymentPending, pendingRequests, pendingRatings, subscriptions].every(
    (query) => !query.isPending,
  );

  // ?loc=<section> scrolls there once the lists above it have their height.
  useEffect(() => {
    if (!loc || !settled) return;
    document.getElementById(loc)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [loc, settled]);

  return (
    <Container size="xl" px={{ base: 'md', md: 'xl' }} py="lg">
      <Stack gap="xl">
        <Title order={1} fz={{ base: 26, md: 32 }}>
          {t('pages.myTrips')}
        </Title>
        <ToDoSummary
          payments={paymentPending.isSuccess ? paymentPending.data.length : 0}
          requests={pendingRequests.isSuccess ? pendingRequests.data.length : 0}
          ratings={pendingRatings.isSuccess ? pendingRatings.data.length : 0}
        />
        <MyTripsSection
          id="payments"
          title={t('myTrips.paymentPending')}
          query={paymentPending}
          hideWhenEmpty
          hideOnError
          render={(requests) => (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={listStyle}>
              {requests.map((request) => (
                <PaymentPendingCard key={request.id} request={request} trip={tripOfPayment(request)} />
              ))}
            </SimpleGrid>
          )}
        />
        <MyTripsSection
          id="requests"
          title={t('myTrips.pendingRequests')}
          query={pendingRequests}
          hideWhenEmpty
          hideOnError
          render={(requests) => (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={listStyle}>
              {requests.map((request) => (
                <PendingRequestCard key={request.id} request={request} trip={tripOfPendingRequest(request)} />
              ))}
            </SimpleGrid>
          )}
        />
        <MyTripsSection
          id="ratings"
          title={t('myTrips.pendingRatings')}
          query={pendingRatings}
          hideWhenEmpty
          hideOnError
          render={(ratings) => <PendingRatingsList ratings={ratings} listStyle={listStyle} />}
        />
        <DonationAfterRating />
        <MyTripsSection id="driver" title={t('myTrips.asDriver')} query={driverTrips} emptyText={t('myTrips.noDriverTrips')} hideOnError render={(trips) => <TripGrid trips={trips} />} />
        <MyTripsSection id="passenger" title={t('myTrips.asPassenger')} query={passengerTrips} emptyText={t('noEstasSubido')} hideOnError render={(trips) => <TripGrid trips={trips} />} />
        <MyTripsSection id="old-driver" title={t('myTrips.pastAsDriver')} query={oldDriverTrips} hideWhenEmpty hideOnError render={(trips) => <TripGrid trips={trips} />} />
        <MyTripsSection id="old-passenger" title={t('myTrips.pastAsPassenger')} query={oldPassengerTrips} hideWhenEmpty hideOnError render={(trips) => <TripGrid trips={trips} />} />
        <SubscriptionsSection />
      </Stack>
    </Container>
  );
}

export { MyTripsRoute as Component };
