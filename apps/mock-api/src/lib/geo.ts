import { ROUTE_MODEL } from '@carpool/contracts';

const toRad = (deg: number) => (deg * Math.PI) / 180;

/**
 * A latitude/longitude box that contains every point within `radiusM` of the centre (index
 * prefilter), on the same sphere as the contracts' haversineMetres.
 */
export function boundingBox(center: { lat: number; lng: number }, radiusM: number) {
  const dLat = (radiusM / ROUTE_MODEL.earthRadiusM) * (180 / Math.PI);
  const cosLat = Math.max(Math.cos(toRad(center.lat)), 1e-6);
  const dLng = Math.min(180, dLat / cosLat);
  return { minLat: center.lat - dLat, maxLat: center.lat + dLat, minLng: center.lng - dLng, maxLng: center.lng + dLng };
}
