// Distances and times between places. Roads are longer than the great circle: 1.3 is a common
// detour factor for Argentine intercity routes.

export const ROAD_FACTOR = 1.3;
export const AVERAGE_SPEED_KMH = 80;
const EARTH_RADIUS_M = 6_371_000;

export type LatLng = { lat: number; lng: number };

export function greatCircleMetres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Road distance in whole metres along the given points. */
export function roadMetres(points: readonly LatLng[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += greatCircleMetres(points[i - 1]!, points[i]!);
  return Math.round(total * ROAD_FACTOR);
}

/** Driving time as "HH:MM" (hours may exceed 24 on the longest routes). */
export function estimatedTime(metres: number): string {
  const minutes = Math.max(1, Math.round((metres / 1000 / AVERAGE_SPEED_KMH) * 60));
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
