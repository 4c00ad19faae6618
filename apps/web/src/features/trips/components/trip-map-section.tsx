import { Box, Skeleton } from '@mantine/core';
import { MAP, TIMING } from '@carpool/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useDelayedFlag } from '../utils/use-delayed-flag';
import type { RouteMapPoint } from './trip-route-map';

const TripRouteMap = lazy(() => import('./trip-route-map'));

type TripMapSectionProps = {
  points: RouteMapPoint[];
  tileUrl?: string;
  height?: number;
  /** Delay before the map renders (spec: 500 ms after the trip loads). */
  delayMs?: number;
};

/** The route map, mounted once the page has settled; a placeholder of the same height until then. */
export function TripMapSection({ points, tileUrl, height = MAP.heightPx, delayMs = TIMING.mapRenderDelayMs }: TripMapSectionProps) {
  const { t } = useTranslation();
  const ready = useDelayedFlag(delayMs);
  const placeholder = <Skeleton height={height} radius="md" data-testid="trip-map-placeholder" aria-hidden />;
  return (
    <Box pos="relative" mih={height} style={{ zIndex: 0 }}>
      {ready ? (
        <Suspense fallback={placeholder}>
          <TripRouteMap points={points} tileUrl={tileUrl} height={height} label={t('tripDetail.mapLabel')} />
        </Suspense>
      ) : (
        placeholder
      )}
    </Box>
  );
}
