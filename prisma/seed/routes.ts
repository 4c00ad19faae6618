import { AR_OFFSET_MS, haversineMetres } from '@carpool/contracts';
import { DAY, HOUR, MINUTE, type SeedState } from './model';
import { readPlaces, type Place } from './places';
import { WeightedSampler, type Rand } from './random';

const KIND_BASE: Record<Place['kind'], number> = { city: 1000, town: 500, village: 200, hamlet: 50 };

function importanceWeight(place: Place): number {
  // A town without a population figure counts as about 1,000 people.
  const score = Math.max(place.importance - KIND_BASE[place.kind], 30);
  return 10 ** ((0.85 * score) / 10);
}

/** Places the seed draws trips from: Argentine cities and towns, and a few neighbour cities. */
export class PlacePools {
  readonly byId = new Map<string, Place>();
  /**
   * Argentine cities and towns, drawn by importance. Importance is a kind base plus 10·log10(population),
   * so 10^(0.85·(importance − base)/10) = population^0.85: big cities dominate, as in real carpooling.
   */
  readonly main: Place[];
  private readonly mainSampler: WeightedSampler;
  /** Cities and towns of Uruguay, Paraguay and Bolivia (Chile is not in the data). */
  readonly foreign: Place[];
  private readonly foreignSampler: WeightedSampler;
  private readonly destinationSamplers = new Map<string, WeightedSampler>();

  constructor() {
    const places = readPlaces();
    for (const place of places) this.byId.set(place.id, place);
    const major = (p: Place) => p.kind === 'city' || p.kind === 'town';
    this.main = places.filter((p) => p.country === 'AR' && major(p));
    this.mainSampler = new WeightedSampler(this.main.map(importanceWeight));
    this.foreign = places.filter((p) => ['UY', 'PY', 'BO'].includes(p.country) && major(p));
    this.foreignSampler = new WeightedSampler(this.foreign.map(importanceWeight));
  }

  get(id: string): Place {
    const place = this.byId.get(id);
    if (!place) throw new Error(`place ${id} is not in prisma/data`);
    return place;
  }

  /** The most important place with this name (and province, when given). */
  find(name: string, province?: string, country = 'AR'): Place {
    const place = readPlaces().find(
      (p) => p.name === name && p.country === country && (province === undefined || p.province === province),
    );
    if (!place) throw new Error(`place ${name} (${province ?? country}) is not in prisma/data`);
    return place;
  }

  pickMain(rand: Rand): Place {
    return this.main[this.mainSampler.sample(rand)]!;
  }

  /** A destination drawn by importance and by distance from the origin (samplers cached per origin). */
  pickDestination(rand: Rand, origin: Place): Place {
    let sampler = this.destinationSamplers.get(origin.id);
    if (!sampler) {
      sampler = new WeightedSampler(
        this.main.map((p) => (p.id === origin.id ? 0 : importanceWeight(p) * distanceFactor(haversineMetres(origin, p)))),
      );
      this.destinationSamplers.set(origin.id, sampler);
    }
    return this.main[sampler.sample(rand)]!;
  }

  pickForeign(rand: Rand): Place {
    return this.foreign[this.foreignSampler.sample(rand)]!;
  }
}

/** How much a destination at this distance is favoured: most carpools are regional. */
function distanceFactor(metres: number): number {
  const km = metres / 1000;
  if (km < 30) return 0;
  if (km < 80) return 0.3;
  if (km <= 450) return 1;
  if (km <= 700) return 0.5;
  if (km <= 1200) return 0.15;
  if (km <= 2000) return 0.03;
  return 0.005;
}

export type Route = { points: Place[] };

/** Origin, optional intermediate point and destination; `home` (if any) is often one end. */
export function pickRoute(pools: PlacePools, rand: Rand, home?: Place): Route {
  if (rand.chance(0.015)) return pickForeignRoute(pools, rand, home);
  const origin = home && rand.chance(0.55) ? home : pools.pickMain(rand);
  const destination = pools.pickDestination(rand, origin);
  let ends: [Place, Place] = [origin, destination];
  if (home && origin.id !== home.id && rand.chance(0.4)) ends = [destination, origin];
  const via = rand.chance(0.15) ? pickVia(pools, rand, ends[0], ends[1]) : undefined;
  return { points: via ? [ends[0], via, ends[1]] : ends };
}

/** A place roughly on the way (at most 12 % detour, at least 30 km from both ends). */
function pickVia(pools: PlacePools, rand: Rand, from: Place, to: Place): Place | undefined {
  const direct = haversineMetres(from, to);
  if (direct < 150_000) return undefined;
  for (let tries = 0; tries < 40; tries++) {
    const candidate = rand.pick(pools.main);
    const a = haversineMetres(from, candidate);
    const b = haversineMetres(candidate, to);
    if (a >= 30_000 && b >= 30_000 && a + b <= direct * 1.12) return candidate;
  }
  return undefined;
}

/** One end abroad (Uruguay, Paraguay or Bolivia), the other in Argentina within about 1,000 km. */
function pickForeignRoute(pools: PlacePools, rand: Rand, home?: Place): Route {
  const local = home ?? pools.pickMain(rand);
  let abroad = pools.pickForeign(rand);
  for (let tries = 0; tries < 40 && haversineMetres(local, abroad) > 1_000_000; tries++) {
    abroad = pools.pickForeign(rand);
  }
  if (haversineMetres(local, abroad) > 1_000_000) {
    // Too far from this end: leave from the Argentine town closest to the chosen place instead.
    let best = pools.main[0]!;
    for (const p of pools.main) if (haversineMetres(p, abroad) < haversineMetres(best, abroad)) best = p;
    return { points: rand.chance(0.6) ? [best, abroad] : [abroad, best] };
  }
  return { points: rand.chance(0.6) ? [local, abroad] : [abroad, local] };
}

/** Departure hours (Argentine time) and how common they are: morning and evening peaks. */
const HOURS = [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22] as const;
const HOUR_WEIGHTS = [2, 6, 10, 10, 7, 5, 4, 3, 4, 6, 6, 6, 8, 9, 7, 5, 3, 2];
const MINUTES = [0, 0, 0, 0, 15, 30, 30, 45] as const;
/** Weekday factors, Sunday first: Friday and Sunday are the busy days. */
const WEEKDAY_FACTOR = [1.4, 0.8, 0.8, 0.9, 1.1, 1.7, 1.1];

export class TripCalendar {
  private readonly hourSampler = new WeightedSampler(HOUR_WEIGHTS);
  private readonly futureDays: WeightedSampler;
  private readonly pastDays: WeightedSampler;

  constructor(
    private readonly state: SeedState,
    readonly horizonDays = 60,
  ) {
    const weekday = (days: number) => WEEKDAY_FACTOR[new Date(state.arDate(days, 12).getTime() + AR_OFFSET_MS).getUTCDay()]!;
    const future = Array.from({ length: horizonDays }, (_, d) => weekday(d) / (1 + d / 30));
    const past = Array.from({ length: horizonDays }, (_, d) => weekday(-(d + 1)));
    this.futureDays = new WeightedSampler(future);
    this.pastDays = new WeightedSampler(past);
  }

  hour(rand: Rand): [number, number] {
    return [HOURS[this.hourSampler.sample(rand)]!, rand.pick(MINUTES)];
  }

  /** A departure in the coming days (at least an hour from now). */
  future(rand: Rand): Date {
    const [hour, minute] = this.hour(rand);
    let date = this.state.arDate(this.futureDays.sample(rand), hour, minute);
    if (date.getTime() < this.state.nowMs + HOUR) date = new Date(date.getTime() + DAY);
    return date;
  }

  /** A departure in the last days (at least an hour ago). */
  past(rand: Rand): Date {
    const [hour, minute] = this.hour(rand);
    let date = this.state.arDate(-(this.pastDays.sample(rand) + 1), hour, minute);
    if (date.getTime() > this.state.nowMs - HOUR) date = new Date(date.getTime() - DAY);
    return date;
  }

  /** The return of an outbound trip: later that day or one to six days after. */
  returnOf(rand: Rand, outbound: Date): Date {
    if (rand.chance(0.25)) {
      const sameDay = new Date(outbound.getTime() + rand.int(5, 10) * HOUR + rand.pick([0, 30]) * MINUTE);
      const localHour = new Date(sameDay.getTime() + AR_OFFSET_MS).getUTCHours();
      if (localHour >= 8 && localHour <= 22) return sameDay;
    }
    const outboundDay = Math.floor((outbound.getTime() - this.state.arDate(0, 0).getTime()) / DAY);
    const [hour, minute] = this.hour(rand);
    return this.state.arDate(outboundDay + rand.int(1, 6), hour, minute);
  }
}
