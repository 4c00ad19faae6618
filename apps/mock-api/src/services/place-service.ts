import { ALPHA3_TO_ALPHA2, PAGE_SIZES, haversineMetres, toAlpha2, toAlpha3, type Place as WirePlace } from '@carpool/contracts';
import { boundingBox } from '../lib/geo';
import { foldText } from '../lib/text';
import type { PlaceRepository, PlaceRow } from '../repositories/place-repository';

/** Lowercase, accent-free words (the same normalisation as the places' search_text). */
export function searchWords(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Country names a client may put in json_address.country, to ISO codes. */
const COUNTRY_CODES: Record<string, string> = {
  argentina: 'AR',
  uruguay: 'UY',
  paraguay: 'PY',
  bolivia: 'BO',
  peru: 'PE',
  chile: 'CL',
  brasil: 'BR',
  brazil: 'BR',
};

export function countryCode(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const text = value.trim();
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase();
  if (/^[A-Za-z]{3}$/.test(text) && ALPHA3_TO_ALPHA2[text.toUpperCase()]) return toAlpha2(text);
  return COUNTRY_CODES[searchWords(text).join(' ')] ?? null;
}

type IndexedPlace = PlaceRow & { words: string[] };

/** A grid (degrees) for the nearest-place lookup: small, as places crowd around the big cities. */
const GRID = 0.1;
/** Rings searched (3°) before a plain scan of every place settles a point far from them all. */
const MAX_RINGS = 30;
const gridKey = (row: number, column: number) => row * 10_000 + column;
/** Word prefixes kept up to this length: a searched word is looked up by its first letters. */
const PREFIX = 3;

/**
 * The places index, built once from the places table (about 10,000 rows): each place with the
 * words of its name and province, sorted by importance + usage, so an autocomplete scans in rank
 * order and stops at the fifth hit (only the places with a word of the searched word's first
 * letters); and a grid for "which place is nearest to this point".
 */
class PlaceIndex {
  readonly byId = new Map<string, IndexedPlace>();
  private ranked: IndexedPlace[];
  /** Places with a word starting with each prefix (1 to PREFIX letters), in rank order. */
  private byPrefix = new Map<string, IndexedPlace[]>();
  private dirty = false;
  private readonly grid = new Map<number, IndexedPlace[]>();
  /** Per grid cell: the country of the nearest place of every point in it, or false (`cellCountry`). */
  private readonly cellCountries = new Map<number, string | false>();
  private readonly pointCountries = new Map<string, string | null>();

  constructor(rows: PlaceRow[]) {
    this.ranked = rows.map((row) => ({ ...row, words: [...new Set(searchWords(`${row.name} ${row.province}`))] }));
    this.sort();
    for (const place of this.ranked) {
      this.byId.set(place.id, place);
      const key = gridKey(Math.floor(place.lat / GRID), Math.floor(place.lng / GRID));
      let cell = this.grid.get(key);
      if (!cell) this.grid.set(key, (cell = []));
      cell.push(place);
    }
  }

  get size() {
    return this.ranked.length;
  }

  private sort() {
    this.ranked.sort((a, b) => b.importance + b.usage - (a.importance + a.usage) || a.name.localeCompare(b.name, 'es'));
    this.byPrefix.clear();
    for (const place of this.ranked) {
      const prefixes = new Set(place.words.flatMap((word) => Array.from({ length: Math.min(PREFIX, word.length) }, (_, i) => word.slice(0, i + 1))));
      for (const prefix of prefixes) {
        let list = this.byPrefix.get(prefix);
        if (!list) this.byPrefix.set(prefix, (list = []));
        list.push(place);
      }
    }
    this.dirty = false;
  }

  addUsage(ids: readonly string[]) {
    for (const id of ids) {
      const place = this.byId.get(id);
      if (place) {
        place.usage += 1;
        this.dirty = true;
      }
    }
  }

  /** Places whose name or province words start with every searched word, best ranked first. */
  search(text: string, country: string | null, limit: number): IndexedPlace[] {
    const tokens = searchWords(text);
    if (tokens.length === 0) return [];
    if (this.dirty) this.sort();
    // Only the places with a word that starts as the longest searched word does (in rank order):
    // the scan no longer reads all ~10,000 places for a rare prefix.
    const longest = tokens.reduce((a, b) => (b.length > a.length ? b : a));
    const found: IndexedPlace[] = [];
    for (const place of this.byPrefix.get(longest.slice(0, PREFIX)) ?? []) {
      if (country && place.country !== country) continue;
      if (!tokens.every((token) => place.words.some((word) => word.startsWith(token)))) continue;
      found.push(place);
      if (found.length === limit) break;
    }
    return found;
  }

  /**
   * The country of the nearest place to `point` (null without places). Decided once per grid cell
   * when the whole cell has one answer (`cellCountry`: away from borders, almost every searched
   * point), else by `nearest`.
   */
  countryNear(point: { lat: number; lng: number }): string | null {
    const row = Math.floor(point.lat / GRID);
    const column = Math.floor(point.lng / GRID);
    const key = gridKey(row, column);
    let country = this.cellCountries.get(key);
    if (country === undefined) this.cellCountries.set(key, (country = this.cellCountry(row, column)));
    if (country !== false) return country;
    // Near a border: the nearest place, remembered per point (searches repeat their places' points).
    const exact = `${point.lat},${point.lng}`;
    let code = this.pointCountries.get(exact);
    if (code === undefined) {
      code = this.nearest(point)?.country ?? null;
      if (this.pointCountries.size >= 10_000) this.pointCountries.clear();
      this.pointCountries.set(exact, code);
    }
    return code;
  }

  /**
   * The one country that is the nearest place's for every point of a cell, or false when that is
   * not certain. With a place P in the cell, any point x of it has a place no farther than P, so
   * within the cell's diagonal; that place is then within the diagonal plus the centre's farthest
   * corner of the centre (triangle inequality, on the same sphere as haversineMetres). When every
   * place that close to the centre is of one country, every point of the cell is of that country.
   */
  private cellCountry(row: number, column: number): string | false {
    if (!this.grid.get(gridKey(row, column))?.length) return false;
    const [south, north, west, east] = [row * GRID, (row + 1) * GRID, column * GRID, (column + 1) * GRID];
    const center = { lat: (south + north) / 2, lng: (west + east) / 2 };
    const corners = [
      { lat: south, lng: west },
      { lat: north, lng: east },
      { lat: south, lng: east },
      { lat: north, lng: west },
    ] as const;
    const diagonal = Math.max(haversineMetres(corners[0], corners[1]), haversineMetres(corners[2], corners[3]));
    // 1 % more for rounding; the box that holds that circle is widened by 10 % as well.
    const reach = 1.01 * (diagonal + Math.max(...corners.map((corner) => haversineMetres(center, corner))));
    const box = boundingBox(center, reach * 1.1);
    if (box.minLng < -180 || box.maxLng > 180 || box.minLat < -85 || box.maxLat > 85) return false;
    let country: string | null = null;
    for (let r = Math.floor(box.minLat / GRID); r <= Math.floor(box.maxLat / GRID); r++) {
      for (let c = Math.floor(box.minLng / GRID); c <= Math.floor(box.maxLng / GRID); c++) {
        for (const place of this.grid.get(gridKey(r, c)) ?? []) {
          if (haversineMetres(center, place) > reach) continue;
          if (country === null) country = place.country;
          else if (place.country !== country) return false;
        }
      }
    }
    return country ?? false;
  }

  /** The nearest place, searching rings of grid cells outwards. */
  nearest(point: { lat: number; lng: number }): IndexedPlace | null {
    const row = Math.floor(point.lat / GRID);
    const column = Math.floor(point.lng / GRID);
    let best: IndexedPlace | null = null;
    let bestDistance = Infinity;
    const visit = (r: number, c: number) => {
      for (const place of this.grid.get(gridKey(r, c)) ?? []) {
        const distance = haversineMetres(point, place);
        if (distance < bestDistance) {
          best = place;
          bestDistance = distance;
        }
      }
    };
    // Every place in ring r is at least r - 1 cells away, and a cell is at least `cellMetres` wide
    // (longitude degrees shrink towards the pole): stop once that exceeds the best distance.
    const cellMetres = GRID * 111_000 * Math.max(0.2, Math.cos(((Math.abs(point.lat) + 10) * Math.PI) / 180));
    for (let ring = 0; ; ring++) {
      if (best && (ring - 1) * cellMetres > bestDistance) break;
      if (ring > MAX_RINGS) {
        for (const place of this.ranked) if (haversineMetres(point, place) < bestDistance) [best, bestDistance] = [place, haversineMetres(point, place)];
        break;
      }
      if (ring === 0) {
        visit(row, column);
        continue;
      }
      for (let c = column - ring; c <= column + ring; c++) {
        visit(row - ring, c);
        visit(row + ring, c);
      }
      for (let r = row - ring + 1; r <= row + ring - 1; r++) {
        visit(r, column - ring);
        visit(r, column + ring);
      }
    }
    return best;
  }
}

function toWirePlace(place: IndexedPlace): WirePlace {
  return {
    id: place.id,
    name: place.name,
    state: place.province,
    // Our places keep alpha-2 (the spec's `AR`); the provider answers its NodeGeo rows' alpha-3.
    country: toAlpha3(place.country),
    lat: place.lat,
    lng: place.lng,
    type: place.kind,
    importance: place.importance,
  };
}

export type PointLike = { lat: number; lng: number; id?: string | number | null; country?: unknown };

export function createPlaceService({ places }: { places: PlaceRepository }) {
  let index: Promise<PlaceIndex> | undefined;

  async function load(): Promise<PlaceIndex> {
    const built = new PlaceIndex(await places.all());
    // An empty table (a reset in progress) is not remembered: the next call loads again.
    if (built.size === 0) index = undefined;
    return built;
  }
  const ready = () => (index ??= load());

  return {
    /**
     * Builds the places index now (the server calls it once listening): built by the first call
     * that needs it, it cost that call ~0.3 s (ten thousand places sorted by rank and name).
     */
    warm: async () => {
      await ready();
    },

    /**
     * GET /api/trips/autocomplete: accent- and case-insensitive prefix match of every searched word
     * on a word of the place's name or province, in one country (the configured one by default)
     * unless multicountry, best ranked (importance + usage) first, at most 5.
     */
    async autocomplete(query: { name: string; country?: string; multicountry?: boolean }, defaultCountry: string) {
      const country = query.multicountry ? null : toAlpha2(query.country ?? defaultCountry);
      const found = (await ready()).search(query.name, country, PAGE_SIZES.autocompleteResults);
      return { nodes_geos: found.map(toWirePlace) };
    },

    /**
     * The country of a point: its place id (OSM node id) when it is a known place, else the
     * country the client wrote in json_address, else the country of the nearest known place.
     * The places cover Argentina and its neighbours but Chile, so a Chilean point without id or
     * country counts as its nearest (Argentine) place.
     */
    async countryOf(point: PointLike): Promise<string | null> {
      const known = await ready();
      if (point.id !== undefined && point.id !== null) {
        const place = known.byId.get(String(point.id));
        if (place) return place.country;
      }
      const written = countryCode(point.country);
      if (written) return written;
      return known.countryNear(point);
    },

    async find(id: string) {
      return (await ready()).byId.get(id) ?? null;
    },

    /** Counts a use of each known place (a published trip went through it). */
    async recordUsage(ids: readonly string[]) {
      const known = await ready();
      const used = [...new Set(ids)].filter((id) => known.byId.has(id));
      if (used.length === 0) return;
      await places.addUsage(used);
      known.addUsage(used);
    },
  };
}

export type PlaceService = ReturnType<typeof createPlaceService>;
