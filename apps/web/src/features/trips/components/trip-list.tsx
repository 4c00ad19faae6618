import { Alert, Box, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { APP, type Trip } from '@carpool/contracts';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TripCard } from '@/components/trip-card';
import { errorMessageKey } from '@/lib/errors';
import { useSearchTrips, type TripSearch } from '../api/search-trips';
import { firstNearbyIndex } from '../utils/search-params';
import { LoadingStatus } from '@/components/loading-status';

type TripListProps = {
  search: TripSearch;
  maxCardsPerRow: number;
  /** Shown under 'No hay viajes' (the search-alert offer). */
  emptyAction?: ReactNode;
  /** A panel shown between the cards (the donation panel) after each of `panelSlots(count)` cards. */
  panel?: ReactNode;
  panelSlots?: (tripCount: number) => number[];
};

/** Cards in the list's first paint: a screenful at any width; the rest render right after it. */
const FIRST_PAINT_CARDS = 6;

export function TripList({ search, maxCardsPerRow, emptyAction, panel, panelSlots }: TripListProps) {
  const { t } = useTranslation();
  const query = useSearchTrips(search);
  // Effects run after the browser has painted: the cards below the first screen render right after it.
  const [firstPaintDone, setFirstPaintDone] = useState(false);
  const answered = query.data !== undefined;
  useEffect(() => {
    // The second render is the point: the first one paints a screenful sooner.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (answered) setFirstPaintDone(true);
  }, [answered]);
  const { ref: sentinel, entry } = useIntersection({ rootMargin: '400px 0px' });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    if (entry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [entry?.isIntersecting, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) {
    return (
      <LoadingStatus label={t('cargandoViajes')} />
    );
  }

  if (query.isError) {
    return (
      <Alert color="red" title={t('trips.loadError')} role="alert">
        <Text size="sm" mb="sm">
          {t(errorMessageKey(query.error))}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
          {t('trips.retry')}
        </Button>
      </Alert>
    );
  }

  const allTrips = query.data.pages.flatMap((page) => page.data);
  const trips = firstPaintDone ? allTrips : allTrips.slice(0, FIRST_PAINT_CARDS);
  if (trips.length === 0) {
    return (
      <Stack py="xl" align="center" gap="md">
        <Text size="lg" c="dimmed">
          {t('noHayViajes')}
        </Text>
        {emptyAction}
      </Stack>
    );
  }

  const nearbyFrom = firstNearbyIndex(trips, search.date);
  const exact = nearbyFrom === -1 ? trips : trips.slice(0, nearbyFrom);
  const nearby = nearbyFrom === -1 ? [] : trips.slice(nearbyFrom);
  const columns = { base: 1, sm: 2, md: Math.min(Math.max(maxCardsPerRow, 1), APP.maxCardsPerRow) };

  const slots = new Set(panel ? (panelSlots?.(allTrips.length) ?? []) : []);
  // `before` = cards shown before this grid, so the panels keep their place across both grids.
  const grid = (items: Trip[], before: number) => (
    <SimpleGrid cols={columns} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((trip, index) => (
        <Fragment key={trip.id}>
          <Box component="li">
            <TripCard trip={trip} />
          </Box>
          {slots.has(before + index + 1) && <Box component="li">{panel}</Box>}
        </Fragment>
      ))}
    </SimpleGrid>
  );

  return (
    <Box aria-label={t('trips.listLabel')} component="section" aria-busy={isFetchingNextPage}>
      {exact.length > 0 && grid(exact, 0)}
      {nearby.length > 0 && (
        <Fragment>
          <Title order={2} size="h4" mt="xl" mb="sm">
            {t('trips.nearbyResults')}
          </Title>
          {grid(nearby, exact.length)}
        </Fragment>
      )}
      {/* Not under the first paint's few cards: it would ask for the next page at once. */}
      {firstPaintDone && <div ref={sentinel} aria-hidden style={{ height: 1 }} />}
      {isFetchingNextPage && (
        <LoadingStatus label={t('cargandoMasViajes')} py="md" />
      )}
    </Box>
  );
}
