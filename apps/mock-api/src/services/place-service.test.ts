import { describe, expect, it } from 'vitest';
import { readPlaces } from '@carpool/seed/places';
import type { PlaceRepository } from '../repositories/place-repository';
import { seededRandom } from '../../test/random';
import { createPlaceService } from './place-service';

// The country a searched point belongs to (which searches are refused as abroad) is its nearest
// place's. The service decides it once per grid cell when the whole cell has one answer: it must
// always be the country of the true nearest place, near borders too.

// Built field by field, as the repository builds its rows: copies of the seed's objects
// (`{ ...place }`) read ten times slower here, and this test took 18 s alone, over 30 s in CI.
const rows = readPlaces().map((place) => ({
  id: place.id,
  name: place.name,
  province: place.province,
  country: place.country,
  lat: Number(place.lat),
  lng: Number(place.lng),
  kind: place.kind,
  importance: place.importance,
  usage: 0,
}));
const repository = { all: async () => rows, addUsage: async () => ({ count: 0 }) } as unknown as PlaceRepository;

const rad = Math.PI / 180;
const cosLats = rows.map((place) => Math.cos(place.lat * rad));

/** The nearest place's country by reading every place (haversine's h, which grows with the distance). */
function bruteForce(point: { lat: number; lng: number }): string {
  const cosLat = Math.cos(point.lat * rad);
  let [best, bestH] = [0, Infinity];
  for (let i = 0; i < rows.length; i++) {
    const place = rows[i]!;
    const h = Math.sin(((place.lat - point.lat) * rad) / 2) ** 2 + cosLat * cosLats[i]! * Math.sin(((place.lng - point.lng) * rad) / 2) ** 2;
    if (h < bestH) [best, bestH] = [i, h];
  }
  return rows[best]!.country;
}

describe('PlaceService.countryOf without a place id or a written country', () => {
  it('is the nearest place’s country, across the region and around every place of a neighbouring country', async () => {
    const service = createPlaceService({ places: repository });
    const next = seededRandom(7);
    const points: { lat: number; lng: number }[] = [];
    // Anywhere from Bolivia to Tierra del Fuego, the Andes to southern Brazil.
    for (let i = 0; i < 1_500; i++) points.push({ lat: -55 + next() * 35, lng: -74 + next() * 22 });
    // Within about 30 km of places abroad: the borders, where cells have more than one country.
    const abroad = rows.filter((place) => place.country !== 'AR');
    for (let i = 0; i < 1_500; i++) {
      const place = abroad[Math.floor(next() * abroad.length)]!;
      points.push({ lat: place.lat + (next() - 0.5) * 0.6, lng: place.lng + (next() - 0.5) * 0.6 });
    }
    const expected = points.map(bruteForce);
    // Twice: the first decides the cells, the second answers from what they remember.
    for (const round of [1, 2]) {
      const wrong = [];
      for (const [i, point] of points.entries()) {
        const found = await service.countryOf(point);
        if (found !== expected[i]) wrong.push({ point, expected: expected[i], found });
      }
      expect(wrong, `round ${round}`).toEqual([]);
    }
    expect(new Set(expected).size).toBeGreaterThan(3);
  });

  it('answers the city centres the search mix uses with their own country', async () => {
    const service = createPlaceService({ places: repository });
    expect(await service.countryOf({ lat: -34.60757, lng: -58.43709 })).toBe('AR');
    expect(await service.countryOf({ lat: -34.9011, lng: -56.1645 })).toBe('UY');
    expect(await service.countryOf({ lat: -27.36708, lng: -55.89608 })).toBe('AR');
    expect(await service.countryOf({ lat: -27.3306, lng: -55.8667 })).toBe(bruteForce({ lat: -27.3306, lng: -55.8667 }));
  });
});
