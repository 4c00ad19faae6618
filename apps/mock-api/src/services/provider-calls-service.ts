import type { User } from '@prisma/client';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { toWireDateTime } from '../lib/dates';
import { pageOf, paginationMeta } from '../lib/paginate';
import { tripInclude } from '../repositories/trip-repository';
import { toWireTrip, tripViewer } from '../transformers/trip-transformer';
import { isRoutable, type PriceService } from './price-service';

const HOUR_MS = 3_600_000;

function safeJson(value: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
/** No trip in the data lasts longer; bounds the ongoing-trip query. */
const LONGEST_TRIP_MS = 48 * HOUR_MS;

/** 'HH:MM' → milliseconds; a missing or zero duration counts as one hour. */
export function durationMs(estimated: string | null): number {
  const match = /^(\d{1,3}):(\d{2})$/.exec(estimated ?? '');
  const ms = match ? (Number(match[1]) * 60 + Number(match[2])) * 60_000 : 0;
  return ms > 0 ? ms : HOUR_MS;
}

type Deps = { db: Db; clock: Clock; prices: PriceService };

/** Google's polyline algorithm (OSRM's default geometry), precision 5 or 6. */
export function encodePolyline(points: readonly { lat: number; lng: number }[], precision = 5): string {
  const factor = 10 ** precision;
  let out = '';
  let lastLat = 0;
  let lastLng = 0;
  const encode = (delta: number) => {
    let value = delta < 0 ? ~(delta << 1) : delta << 1;
    while (value >= 0x20) {
      out += String.fromCharCode((0x20 | (value & 0x1f)) + 63);
      value >>= 5;
    }
    out += String.fromCharCode(value + 63);
  };
  for (const point of points) {
    const lat = Math.round(point.lat * factor);
    const lng = Math.round(point.lng * factor);
    encode(lat - lastLat);
    encode(lng - lastLng);
    lastLat = lat;
    lastLng = lng;
  }
  return out;
}

/** An OSRM error answer (HTTP 400), as OSRM writes it. */
export class OsrmError extends Error {
  constructor(
    readonly code: 'InvalidUrl' | 'NoSegment',
    message: string,
  ) {
    super(message);
  }
}

/** Badge rules over the user's real data (the provider keeps badges with rules in a table). */
const BADGES = [
  { id: 1, slug: 'conductor-verificado', title: 'Conductor verificado', description: 'Validó su identidad como conductor.' },
  { id: 2, slug: 'primer-viaje', title: 'Primer viaje', description: 'Compartió su primer viaje.' },
  { id: 3, slug: 'diez-viajes', title: '10 viajes', description: 'Compartió 10 viajes.' },
  { id: 4, slug: 'bien-calificado', title: 'Bien calificado', description: '10 calificaciones positivas y como mucho 10 % negativas.' },
  { id: 5, slug: 'un-anio', title: 'Un año en la comunidad', description: 'Lleva un año en Carpool.' },
] as const;
const YEAR_MS = 365 * 24 * HOUR_MS;

/**
 * Calls the provider's clients make that the spec does not list (API-NOTES, "Provider shapes"):
 * answered from the same tables as the rest of the API.
 */
export function createProviderCallsService({ db, clock, prices }: Deps) {
  const changelogOf = (row: { version: string; released_at: Date; changes: string }) => ({
    version: row.version,
    released_at: toWireDateTime(row.released_at),
    changes: JSON.parse(row.changes) as string[],
  });
  return {
    /** GET /api/changelog?version=: 404 model_not_found for a version without notes. */
    async changelog(version: string) {
      const row = await db.changelog.findUnique({ where: { version } });
      if (!row) throw new AppError('model_not_found', { status: 404, message: `No hay novedades de la versión ${version}.` });
      return { data: changelogOf(row) };
    },

    changelogs: async () => ({ data: (await db.changelog.findMany({ orderBy: { released_at: 'desc' } })).map(changelogOf) }),

    /** GET /api/users/:id/badges: the badges whose rule the user meets now. */
    async badges(userId: number) {
      const user = await db.user.findUnique({ where: { id: userId } });
      if (!user) throw new AppError('user_doesnt_exist', { message: 'El usuario no existe.' });
      const now = clock.now();
      const [driven, ridden] = await Promise.all([
        db.trip.count({ where: { user_id: userId, is_passenger: false, deleted_at: null, trip_date: { lt: now } } }),
        db.passenger.count({ where: { user_id: userId, request_state: 1, trip: { deleted_at: null, trip_date: { lt: now } } } }),
      ]);
      const trips = driven + ridden;
      const ratings = user.positive_ratings + user.negative_ratings;
      const earned: Record<(typeof BADGES)[number]['slug'], boolean> = {
        'conductor-verificado': user.driver_is_verified,
        'primer-viaje': trips >= 1,
        'diez-viajes': trips >= 10,
        'bien-calificado': user.positive_ratings >= 10 && user.negative_ratings * 10 <= ratings,
        'un-anio': now.getTime() - user.created_at.getTime() >= YEAR_MS,
      };
      return { data: BADGES.filter((badge) => earned[badge.slug]).map((badge) => ({ ...badge })) };
    },

    /** GET /api/trip-creation-templates: the caller's last 5 distinct routes, newest first. */
    async templates(caller: User) {
      const trips = await db.trip.findMany({
        where: { user_id: caller.id, deleted_at: null },
        include: { points: { orderBy: { position: 'asc' } } },
        orderBy: [{ trip_date: 'desc' }, { id: 'desc' }],
        take: 50,
      });
      const seen = new Set<string>();
      const data = [];
      for (const trip of trips) {
        const key = `${trip.from_town}\u0000${trip.to_town}\u0000${trip.is_passenger}`;
        if (seen.has(key)) continue;
        seen.add(key);
        data.push({
          id: trip.id,
          from_town: trip.from_town,
          to_town: trip.to_town,
          is_passenger: (trip.is_passenger ? 1 : 0) as 0 | 1,
          total_seats: trip.total_seats,
          seat_price_cents: trip.seat_price_cents,
          friendship_type_id: trip.friendship_type_id,
          description: trip.description,
          estimated_time: trip.estimated_time,
          points: trip.points.map((p) => ({ address: p.address, json_address: safeJson(p.json_address), lat: p.lat, lng: p.lng, node_id: p.node_id })),
          last_used_at: toWireDateTime(trip.trip_date),
        });
        if (data.length === 5) break;
      }
      return { data };
    },

    /** GET /api/osrm/route/v1/driving/:coords — OSRM's route answer from the road estimate. */
    osrmRoute(coords: string, query: { overview?: string; geometries?: string }) {
      const points = coords.replace(/\.json$/, '').split(';').map((pair) => {
        const [lng, lat] = pair.split(',').map(Number);
        return { lat: lat!, lng: lng! };
      });
      const valid = points.length >= 2 && points.every((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180);
      if (!valid) throw new OsrmError('InvalidUrl', `URL string malformed close to position ${coords.length}: "${coords.slice(0, 20)}"`);
      if (!isRoutable(points)) throw new OsrmError('NoSegment', 'Could not find a matching segment for any coordinate.');
      const legs = points.slice(1).map((to, i) => {
        const leg = prices.routeMetrics([points[i]!, to]);
        return { distance: leg.distance, duration: leg.duration, weight: leg.duration, summary: '', steps: [] };
      });
      const distance = legs.reduce((sum, leg) => sum + leg.distance, 0);
      const duration = legs.reduce((sum, leg) => sum + leg.duration, 0);
      const geometry =
        query.overview === 'false'
          ? undefined
          : query.geometries === 'geojson'
            ? { type: 'LineString' as const, coordinates: points.map((p) => [p.lng, p.lat] as [number, number]) }
            : encodePolyline(points, query.geometries === 'polyline6' ? 6 : 5);
      return {
        code: 'Ok' as const,
        routes: [{ distance, duration, weight: duration, weight_name: 'routability', ...(geometry ? { geometry } : {}), legs }],
        waypoints: points.map((p) => ({ name: '', location: [p.lng, p.lat] as [number, number], distance: 0, hint: '' })),
      };
    },

    carBrands: async () => ({ data: await db.carBrand.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true } }) }),

    async carModels(brandId: number) {
      const brand = await db.carBrand.findUnique({ where: { id: brandId }, include: { models: { orderBy: { name: 'asc' } } } });
      if (!brand) throw new AppError('model_not_found', { message: 'La marca no existe.' });
      return { data: brand.models.map((model) => ({ id: model.id, car_brand_id: model.brand_id, name: model.name })) };
    },

    carColors: async () => ({ data: await db.carColor.findMany({ orderBy: { id: 'asc' }, select: { id: true, name: true, hex: true } }) }),

    /** GET /api/users/seat-requests: the caller's open requests (0, 1, 4) on trips still to leave. */
    async seatRequests(caller: User, query: { page?: number; page_size?: number }, url: string) {
      const { page, perPage, offset } = pageOf(query);
      const where = {
        user_id: caller.id,
        request_state: { in: [0, 1, 4] },
        trip: { deleted_at: null, trip_date: { gte: clock.now() } },
      };
      const [total, rows] = await Promise.all([
        db.passenger.count({ where }),
        db.passenger.findMany({
          where,
          include: { trip: { include: tripInclude } },
          orderBy: [{ created_at: 'desc' }, { id: 'desc' }],
          skip: offset,
          take: perPage,
        }),
      ]);
      const viewer = tripViewer(caller);
      return {
        data: rows.map((row) => ({
          id: row.id,
          trip_id: row.trip_id,
          request_state: row.request_state,
          created_at: toWireDateTime(row.created_at),
          trip: toWireTrip(row.trip, viewer),
        })),
        meta: paginationMeta({ total, count: rows.length, page, perPage, url }),
      };
    },

    /** GET /api/users/ongoing-trip: the trip the caller drives or rides (state 1) right now. */
    async ongoingTrip(caller: User) {
      const now = clock.now();
      const candidates = await db.trip.findMany({
        where: {
          deleted_at: null,
          state: { not: 'canceled' },
          trip_date: { lte: now, gte: new Date(now.getTime() - LONGEST_TRIP_MS) },
          OR: [{ user_id: caller.id }, { passengers: { some: { user_id: caller.id, request_state: 1 } } }],
        },
        include: tripInclude,
        orderBy: [{ trip_date: 'desc' }, { id: 'desc' }],
      });
      const ongoing = candidates.find((trip) => trip.trip_date.getTime() + durationMs(trip.estimated_time) > now.getTime());
      return { data: ongoing ? toWireTrip(ongoing, tripViewer(caller)) : null };
    },
  };
}

export type ProviderCallsService = ReturnType<typeof createProviderCallsService>;
