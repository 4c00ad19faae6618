import type { OsrmNoRoute, OsrmRoute, OsrmRouteQuery, SaveTripTemplateBody, TripCreationTemplate } from '@carpool/contracts';
import type { User } from '@prisma/client';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { toWireDateTime } from '../lib/dates';
import type { ProviderCatalogueRepository } from '../repositories/provider-catalogue-repository';
import type { TripTemplateRepository } from '../repositories/trip-template-repository';
import type { UserRepository } from '../repositories/user-repository';
import { toWireTrip, tripViewer } from '../transformers/trip-transformer';
import { osrmRouteOf } from './osrm-route';
import { isRoutable, type PriceService } from './price-service';

const HOUR_MS = 3_600_000;

/** '0.10.0' after '0.9.1': dotted numbers compared part by part (PHP's version_compare for plain versions). */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0 && !Number.isNaN(difference)) return difference;
  }
  return a.localeCompare(b);
}

/** No trip in the data lasts longer; bounds the ongoing-trip query. */
const LONGEST_TRIP_MS = 48 * HOUR_MS;

/** 'HH:MM' → milliseconds; a missing or zero duration counts as one hour. */
export function durationMs(estimated: string | null): number {
  const match = /^(\d{1,3}):(\d{2})$/.exec(estimated ?? '');
  const ms = match ? (Number(match[1]) * 60 + Number(match[2])) * 60_000 : 0;
  return ms > 0 ? ms : HOUR_MS;
}

type Deps = { catalogue: ProviderCatalogueRepository; users: UserRepository; clock: Clock; prices: PriceService; templates: TripTemplateRepository };

/** The OSRM proxy's own refusal (HTTP 400 with OSRM's top-level code), as OsrmProxyController answers it. */
export class OsrmError extends Error {
  readonly code = 'InvalidUrl';
}

/** The provider's proxy path (`driving/<coords>`) is refused over this length. */
const OSRM_PATH_MAX = 4096;

/** What the provider's proxy answers when the OSRM call fails (OSRM refused it, or did not answer). */
const osrmNoRoute = (): OsrmNoRoute => ({ code: 'NoRoute', message: 'Routing service unavailable', routes: [], waypoints: [] });

/**
 * Badge rules over the user's real data (the provider keeps badges with rules in a table). Each
 * image is a file of apps/mock-api/assets/badges, named by the slug (plugins/images.ts serves them).
 */
const BADGES = [
  { id: 1, slug: 'conductor-verificado', title: 'Conductor verificado', description: 'Validó su identidad como conductor.' },
  { id: 2, slug: 'primer-viaje', title: 'Primer viaje', description: 'Compartió su primer viaje.' },
  { id: 3, slug: 'diez-viajes', title: '10 viajes', description: 'Compartió 10 viajes.' },
  { id: 4, slug: 'bien-calificado', title: 'Bien calificado', description: '10 calificaciones positivas y como mucho 10 % negativas.' },
  { id: 5, slug: 'un-anio', title: 'Un año en la comunidad', description: 'Lleva un año en Carpool.' },
] as const;
/** The provider's image_path: relative to the web client's img/ folder. */
const badgeImagePath = (slug: string) => `badges/${slug}.svg`;
const YEAR_MS = 365 * 24 * HOUR_MS;

/**
 * Calls the provider's clients make that the spec does not list (API-NOTES, "Provider shapes"):
 * answered from the same tables as the rest of the API.
 */
const toWireTemplate = (row: { name: string; data: string }): TripCreationTemplate => ({
  name: row.name,
  data: JSON.parse(row.data) as TripCreationTemplate['data'],
});

export function createProviderCallsService({ catalogue, users, clock, prices, templates }: Deps) {
  const changelogOf = (row: { id: number; version: string; released_at: Date; changes: string }) => {
    const changes = JSON.parse(row.changes) as string[];
    return {
      id: row.id,
      version: row.version,
      body_markdown: changes.map((change) => `- ${change}`).join('\n'),
      released_at: toWireDateTime(row.released_at),
      changes,
    };
  };
  return {
    /** GET /api/changelog?version=: 404 with only a message for a version without notes (ChangelogController::show). */
    async changelog(version: string) {
      const row = await catalogue.changelog(version);
      if (!row) throw new AppError('model_not_found', { status: 404, errors: null, message: 'Not found' });
      return { data: changelogOf(row) };
    },

    /** GET /api/changelogs: highest version first, as the provider sorts them (version_compare). */
    changelogs: async () => ({ data: (await catalogue.changelogs()).sort((a, b) => compareVersions(b.version, a.version)).map(changelogOf) }),

    /** GET /api/users/:id/badges: the badges whose rule the user meets now. */
    async badges(userId: number) {
      const user = await users.findById(userId);
      if (!user) throw new AppError('user_doesnt_exist', { message: 'El usuario no existe.' });
      const now = clock.now();
      const trips = await catalogue.tripsMadeBefore(userId, now);
      const ratings = user.positive_ratings + user.negative_ratings;
      const earned: Record<(typeof BADGES)[number]['slug'], boolean> = {
        'conductor-verificado': user.driver_is_verified,
        'primer-viaje': trips >= 1,
        'diez-viajes': trips >= 10,
        'bien-calificado': user.positive_ratings >= 10 && user.negative_ratings * 10 <= ratings,
        'un-anio': now.getTime() - user.created_at.getTime() >= YEAR_MS,
      };
      return { data: BADGES.filter((badge) => earned[badge.slug]).map((badge) => ({ ...badge, image_path: badgeImagePath(badge.slug) })) };
    },

    /** GET /api/trip-creation-templates: the caller's saved templates, by name. */
    templates: async (caller: User) => ({ data: (await templates.listOf(caller.id)).map(toWireTemplate) }),

    /** POST /api/trip-creation-templates: saving under a name the caller already used replaces that template. */
    saveTemplate: async (caller: User, body: SaveTripTemplateBody) => ({
      data: toWireTemplate(await templates.save(caller.id, body.name, JSON.stringify(body.data))),
    }),

    /** GET /api/trip-creation-templates/:name: 404 with only a message, as the provider's controller answers. */
    async showTemplate(caller: User, name: string) {
      const row = await templates.find(caller.id, name);
      if (!row) throw new AppError('model_not_found', { status: 404, errors: null, message: 'Not found.' });
      return { data: toWireTemplate(row) };
    },

    /**
     * GET /api/osrm/route/v1/driving/:coords — OSRM's route answer from the road estimate. Coordinates
     * OSRM would refuse (InvalidUrl, NoSegment) get the provider's answer to a failed upstream call.
     */
    osrmRoute(coords: string, query: OsrmRouteQuery): OsrmRoute | OsrmNoRoute {
      if (`driving/${coords}`.length > OSRM_PATH_MAX) throw new OsrmError('Path too long');
      const points = coords.replace(/\.json$/, '').split(';').map((pair) => {
        const [lng, lat] = pair.split(',').map(Number);
        return { lat: lat!, lng: lng! };
      });
      const valid = points.length >= 2 && points.every((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180);
      if (!valid || !isRoutable(points)) return osrmNoRoute();
      const legs = points.slice(1).map((to, i) => prices.routeMetrics([points[i]!, to]));
      return osrmRouteOf(points, legs, query);
    },

    carBrands: async () => ({ data: await catalogue.carBrands() }),

    async carModels(brandId: number) {
      const brand = await catalogue.carBrandWithModels(brandId);
      // Laravel's route-model binding: 404 with only a message (CarCatalogController::models(CarBrand)).
      if (!brand) {
        throw new AppError('model_not_found', { status: 404, errors: null, message: `No query results for model [STS\\Models\\CarBrand] ${brandId}` });
      }
      return { data: brand.models.map((model) => ({ id: model.id, car_brand_id: model.brand_id, name: model.name, slug: model.slug })) };
    },

    carColors: async () => ({ data: await catalogue.carColors() }),

    /**
     * GET /api/users/seat-requests: the caller's requests pending, accepted or rejected (0, 1, 2) on
     * trips not deleted and still to leave, soonest trip first, all of them (a collection, no paging),
     * as PassengersRepository::getSeatRequests lists them. The provider has no weekly trips to add.
     */
    async seatRequests(caller: User) {
      const rows = await catalogue.seatRequestsOf(caller.id, clock.now());
      const viewer = tripViewer(caller);
      return {
        data: rows.map((row) => ({
          id: row.id,
          trip_id: row.trip_id,
          request_state: row.request_state,
          created_at: toWireDateTime(row.created_at),
          trip: toWireTrip(row.trip, viewer),
        })),
      };
    },

    /** GET /api/users/ongoing-trip: the trip the caller drives or rides (state 1) right now. */
    async ongoingTrip(caller: User) {
      const now = clock.now();
      const candidates = await catalogue.leftWithin(caller.id, new Date(now.getTime() - LONGEST_TRIP_MS), now);
      const ongoing = candidates.find((trip) => trip.trip_date.getTime() + durationMs(trip.estimated_time) > now.getTime());
      return { data: ongoing ? toWireTrip(ongoing, tripViewer(caller)) : null };
    },
  };
}

export type ProviderCallsService = ReturnType<typeof createProviderCallsService>;
