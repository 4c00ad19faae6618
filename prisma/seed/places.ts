import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { toAlpha3 } from '@carpool/contracts';
import type { PrismaClient } from '@prisma/client';
import { bulkTransaction, countRows, insertRows, type BulkDb } from './sql';

// OpenStreetMap places (ODbL, © OpenStreetMap contributors), see prisma/data/README.md.
export const PLACES_DIR = path.resolve(import.meta.dirname, '../data');
const PLACE_FILES = ['places-ar.csv', 'places-neighbours.csv'] as const;

export const COUNTRY_NAMES: Record<string, string> = {
  AR: 'Argentina',
  UY: 'Uruguay',
  PY: 'Paraguay',
  BO: 'Bolivia',
  PE: 'Perú',
  CL: 'Chile',
  BR: 'Brasil',
};

export type Place = {
  id: string;
  name: string;
  province: string;
  country: string;
  lat: number;
  lng: number;
  kind: 'city' | 'town' | 'village' | 'hamlet';
  population: number | null;
  importance: number;
};

let cache: Place[] | undefined;

/** Both CSV files, Argentina first, in file order (importance descending). */
export function readPlaces(): Place[] {
  if (cache) return cache;
  const places: Place[] = [];
  for (const file of PLACE_FILES) {
    const records = parse(readFileSync(path.join(PLACES_DIR, file), 'utf8'), {
      columns: true,
      skip_empty_lines: true,
    }) as Record<string, string>[];
    for (const r of records) {
      places.push({
        id: r.id!,
        name: r.name!,
        province: r.province ?? '',
        country: r.country!,
        lat: Number(r.lat),
        lng: Number(r.lng),
        kind: r.kind as Place['kind'],
        population: r.population ? Number(r.population) : null,
        importance: Number(r.importance),
      });
    }
  }
  cache = places;
  return places;
}

export function countryName(code: string): string {
  return COUNTRY_NAMES[code] ?? code;
}

/** Lowercase, accent-free text for autocomplete matching. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function placeSearchText(place: Pick<Place, 'name' | 'province' | 'country'>): string {
  return normalizeSearch(`${place.name} ${place.province} ${countryName(place.country)}`);
}

/** "Name, Province, Country" (the province is left out when unknown). */
export function placeAddress(place: Place): string {
  return [place.name, place.province, countryName(place.country)].filter(Boolean).join(', ');
}

/**
 * The json_address of a trip point, as the client's place picker fills it: from the autocomplete's
 * place, so with its alpha-3 country (the provider's clients store the NodeGeo row they picked).
 */
export function placeJsonAddress(place: Place): string {
  return JSON.stringify({ name: place.name, ciudad: place.name, provincia: place.province, country: toAlpha3(place.country) });
}

export async function insertPlaces(db: BulkDb): Promise<number> {
  if ((await countRows(db, 'places')) > 0) return 0;
  const rows = readPlaces().map((p) => ({
    id: p.id,
    name: p.name,
    province: p.province,
    country: p.country,
    lat: p.lat,
    lng: p.lng,
    kind: p.kind,
    population: p.population,
    importance: p.importance,
    usage: 0,
    search_text: placeSearchText(p),
  }));
  await insertRows(db, 'places', rows);
  return rows.length;
}

/** Fills the places table from the CSV files unless it already has rows. Returns rows inserted. */
export async function loadPlaces(prisma: PrismaClient): Promise<number> {
  return bulkTransaction(prisma, insertPlaces);
}
