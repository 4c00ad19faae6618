import 'leaflet/dist/leaflet.css';
import { MAP } from '@carpool/contracts';
import { latLngBounds, type LatLngTuple } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';

export type RouteMapPoint = { lat: number; lng: number; name: string };

export type TripRouteMapProps = {
  points: RouteMapPoint[];
  /** config.map_tile_url; without it (or offline) the route still shows on a blank map. */
  tileUrl?: string;
  height?: number;
  label: string;
};

function FitRoute({ positions }: { positions: LatLngTuple[] }) {
  const map = useMap();
  useEffect(() => {
    if (positions.length === 0) return;
    if (positions.length === 1) map.setView(positions[0]!, 10);
    else map.fitBounds(latLngBounds(positions), { padding: [32, 32] });
  }, [map, positions]);
  return null;
}

const ENDPOINT_COLORS = { origin: '#2f9e44', destination: '#e03131', via: '#1c7ed6' };

/** The trip's route: a line through its points, origin and destination marked (lazy-loaded with Leaflet). */
export default function TripRouteMap({ points, tileUrl, height = MAP.heightPx, label }: TripRouteMapProps) {
  // Fit the view when the route changes, not on every render.
  const routeKey = points.map((point) => `${point.lat},${point.lng}`).join(';');
  const positions = useMemo(
    () => (routeKey ? routeKey.split(';').map((pair): LatLngTuple => pair.split(',').map(Number) as LatLngTuple) : []),
    [routeKey],
  );
  return (
    <div role="region" aria-label={label} data-testid="trip-map" style={{ height, width: '100%' }}>
      <MapContainer
        center={[MAP.defaultCenter.lat, MAP.defaultCenter.lng]}
        zoom={MAP.defaultZoom}
        style={{ height: '100%', width: '100%', borderRadius: 'var(--mantine-radius-md)', background: '#e9f1f7' }}
        scrollWheelZoom={false}
      >
        {tileUrl && (
          <TileLayer url={tileUrl} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' />
        )}
        {positions.length > 1 && <Polyline positions={positions} pathOptions={{ color: '#237a35', weight: 5, opacity: 0.85 }} />}
        {points.map((point, index) => {
          const kind = index === 0 ? 'origin' : index === points.length - 1 ? 'destination' : 'via';
          return (
            <CircleMarker
              key={`${point.lat},${point.lng},${index}`}
              center={[point.lat, point.lng]}
              radius={kind === 'via' ? 6 : 9}
              pathOptions={{ color: '#fff', weight: 2, fillColor: ENDPOINT_COLORS[kind], fillOpacity: 1 }}
            >
              <Tooltip>{point.name}</Tooltip>
            </CircleMarker>
          );
        })}
        <FitRoute positions={positions} />
      </MapContainer>
    </div>
  );
}
