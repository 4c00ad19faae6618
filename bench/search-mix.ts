// The varied search mix (search.bench.ts, compare.ts): 16 large Argentine cities in random pairs ×
// the next 50 days, by place ids as the web app sends a search chosen in the autocomplete, by
// coordinates only, origin only, destination only, no date, pages 2-3, the default radius and 25 km.
import { todayInArgentina } from '@carpool/contracts';
import { seededRandom } from '../apps/mock-api/test/random';
import { readPlaces } from '@carpool/seed/places';

// Buenos Aires → Rosario, the busiest pair of the seed.
export const BUENOS_AIRES = { lat: -34.60757, lng: -58.43709 };
export const ROSARIO = { lat: -32.9595, lng: -60.66154 };

/** A path for each request: the i-th of a sequence that never repeats. */
export type Paths = (i: number) => string;

/** Large Argentine cities (the seed's trips start and end at places like these). */
export const CITIES: Record<string, { lat: number; lng: number }> = {
  'Buenos Aires': BUENOS_AIRES,
  Rosario: ROSARIO,
  Córdoba: { lat: -31.4135, lng: -64.18105 },
  Mendoza: { lat: -32.89084, lng: -68.82717 },
  'San Miguel de Tucumán': { lat: -26.82414, lng: -65.2226 },
  'La Plata': { lat: -34.92145, lng: -57.95453 },
  'Mar del Plata': { lat: -38.00228, lng: -57.55754 },
  Salta: { lat: -24.7859, lng: -65.41166 },
  'Santa Fe': { lat: -31.64881, lng: -60.70868 },
  'San Juan': { lat: -31.5375, lng: -68.53639 },
  Resistencia: { lat: -27.46056, lng: -58.98389 },
  Neuquén: { lat: -38.95161, lng: -68.0591 },
  Corrientes: { lat: -27.4806, lng: -58.8341 },
  'Bahía Blanca': { lat: -38.71959, lng: -62.27243 },
  Posadas: { lat: -27.36708, lng: -55.89608 },
  Paraná: { lat: -31.73271, lng: -60.52897 },
};

/** Each city as the autocomplete offers it: the seed's place of that name (the most important one). */
function cityPlaces(): Record<string, { id: string; name: string; lat: number; lng: number }> {
  const places = readPlaces().filter((place) => place.country === 'AR');
  return Object.fromEntries(
    Object.keys(CITIES).map((name) => {
      const place = places.filter((p) => p.name === name).sort((a, b) => b.importance - a.importance)[0];
      if (!place) throw new Error(`no place named ${name} in prisma/data`);
      return [name, { id: place.id, name: place.name, lat: place.lat, lng: place.lng }];
    }),
  );
}

const MIX_SIZE = 50_000;
/** Shifts north before one more east (1e-4°: 11 m). */
const SHIFTS = 100_000;
const MIX_RADII = [undefined, 25_000] as const; // undefined: the spec's default radius (1 km)
/** The share of the searches with both ends that name their places by id, as the web app sends them. */
const BY_IDS = 0.5;

/**
 * The searches people make, as a list of paths (the i-th request takes the i-th modulo its length):
 * 55 % origin + destination + date (half of them by place ids with names and the places'
 * coordinates, as the web app sends a search chosen in the autocomplete, the other half by
 * coordinates and radius), 10 % without a date, 10 % origin only, 10 % destination only, 15 % page 2
 * or 3; dates over the next 50 days, radius 1 km or 25 km. Each request's origin or destination
 * moves north by (i modulo SHIFTS) billionths of a degree and east by (i divided by SHIFTS)
 * billionths: under 11 m at the ten millionth request, so the same trips match, and no two requests
 * are equal (the two shifts tell i), so no cache of the server answers.
 */
export function searchMix(): Paths {
  const next = seededRandom(15); // the same mix in every run
  const byIds = seededRandom(39);
  const places = cityPlaces();
  const names = Object.keys(CITIES);
  const pick = () => names[Math.floor(next() * names.length)]!;
  const today = Date.now();
  const list: { params: Record<string, string>; moved: 'origin' | 'destination'; lat: number; lng: number }[] = [];
  for (let i = 0; i < MIX_SIZE; i++) {
    const from = pick();
    let to = pick();
    while (to === from) to = pick();
    const kind = next();
    const radius = MIX_RADII[Math.floor(next() * MIX_RADII.length)];
    const date = todayInArgentina(new Date(today + Math.floor(next() * 50) * 86_400_000));
    const params: Record<string, string> = {};
    const withOrigin = kind < 0.75 || kind >= 0.85;
    const withDestination = kind < 0.65 || kind >= 0.75;
    if (kind < 0.55 && byIds() < BY_IDS) {
      const [origin, destination] = [places[from]!, places[to]!];
      Object.assign(params, {
        origin_name: origin.name,
        origin_lat: String(origin.lat),
        origin_lng: String(origin.lng),
        origin_id: origin.id,
        destination_name: destination.name,
        destination_lat: String(destination.lat),
        destination_lng: String(destination.lng),
        destination_id: destination.id,
        date,
        page: '1',
      });
      list.push({ params, moved: 'origin', ...origin });
      continue;
    }
    if (withOrigin) Object.assign(params, { origin_lat: String(CITIES[from]!.lat), origin_lng: String(CITIES[from]!.lng) }, radius ? { origin_radio: String(radius) } : {});
    if (withDestination) {
      Object.assign(params, { destination_lat: String(CITIES[to]!.lat), destination_lng: String(CITIES[to]!.lng) }, radius ? { destination_radio: String(radius) } : {});
    }
    if (!(kind >= 0.55 && kind < 0.65)) params.date = date;
    params.page = kind >= 0.85 ? String(2 + Math.floor(next() * 2)) : '1';
    const moved = withOrigin ? CITIES[from]! : CITIES[to]!;
    list.push({ params, moved: withOrigin ? 'origin' : 'destination', ...moved });
  }
  return (i) => {
    const { params, moved, lat, lng } = list[i % list.length]!;
    const query = new URLSearchParams({
      ...params,
      [`${moved}_lat`]: (lat + (i % SHIFTS) * 1e-9).toFixed(9),
      [`${moved}_lng`]: (lng + Math.floor(i / SHIFTS) * 1e-9).toFixed(9),
    });
    return `/api/trips?${query}`;
  };
}
