import type { OsrmGeometry, OsrmRoute, OsrmRouteQuery, OsrmStep } from '@carpool/contracts';
import polylineCodec from '@googlemaps/polyline-codec';

type Point = { lat: number; lng: number };
type LegMetrics = { distance: number; duration: number };

/** A line in the asked format: Google's polyline (OSRM's default, precision 5), polyline6 or GeoJSON. */
export function geometryOf(points: readonly Point[], format: OsrmRouteQuery['geometries']): OsrmGeometry {
  if (format === 'geojson') return { type: 'LineString', coordinates: points.map((p) => [p.lng, p.lat]) };
  return polylineCodec.encode(points.map((p) => [p.lat, p.lng]), format === 'polyline6' ? 6 : 5);
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The initial great-circle bearing from `a` to `b`: whole degrees clockwise from north, 0-359, as OSRM gives it. */
export function bearingDegrees(a: Point, b: Point): number {
  const y = Math.sin(radians(b.lng - a.lng)) * Math.cos(radians(b.lat));
  const x = Math.cos(radians(a.lat)) * Math.sin(radians(b.lat)) - Math.sin(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.cos(radians(b.lng - a.lng));
  return Math.round((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/**
 * A straight leg's steps as OSRM writes them with steps=true: depart at its start along the whole
 * line, then arrive at its end (a zero-length step whose line is the end point twice).
 */
function legSteps(from: Point, to: Point, metrics: LegMetrics, format: OsrmRouteQuery['geometries']): OsrmStep[] {
  const heading = bearingDegrees(from, to);
  const at = (p: Point): [number, number] => [p.lng, p.lat];
  const common = { mode: 'driving', driving_side: 'right', name: '' };
  return [
    {
      ...common,
      distance: metrics.distance,
      duration: metrics.duration,
      weight: metrics.duration,
      geometry: geometryOf([from, to], format),
      maneuver: { bearing_before: 0, bearing_after: heading, location: at(from), type: 'depart' },
      intersections: [{ location: at(from), bearings: [heading], entry: [true], out: 0 }],
    },
    {
      ...common,
      distance: 0,
      duration: 0,
      weight: 0,
      geometry: geometryOf([to, to], format),
      maneuver: { bearing_before: heading, bearing_after: 0, location: at(to), type: 'arrive', modifier: 'straight' },
      intersections: [{ location: at(to), bearings: [(heading + 180) % 360], entry: [true], in: 0 }],
    },
  ];
}

/**
 * OSRM's route answer over straight legs between the points, with each leg's road estimate.
 * Honours `overview` (simplified, the default, and full: the whole line; false: none), `steps`
 * (false by default: empty step lists) and `geometries` (polyline, polyline6, geojson).
 */
export function osrmRouteOf(points: readonly Point[], legMetrics: readonly LegMetrics[], query: OsrmRouteQuery): OsrmRoute {
  const withSteps = query.steps === 'true';
  const legs = legMetrics.map((metrics, i) => ({
    distance: metrics.distance,
    duration: metrics.duration,
    weight: metrics.duration,
    summary: '',
    steps: withSteps ? legSteps(points[i]!, points[i + 1]!, metrics, query.geometries) : [],
  }));
  const distance = legs.reduce((sum, leg) => sum + leg.distance, 0);
  const duration = legs.reduce((sum, leg) => sum + leg.duration, 0);
  // A line of straight legs has nothing to simplify: simplified and full are the same line.
  const geometry = query.overview === 'false' ? undefined : geometryOf(points, query.geometries);
  return {
    code: 'Ok',
    routes: [{ distance, duration, weight: duration, weight_name: 'routability', ...(geometry === undefined ? {} : { geometry }), legs }],
    waypoints: points.map((p) => ({ name: '', location: [p.lng, p.lat], distance: 0, hint: '' })),
  };
}
