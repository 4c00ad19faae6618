import { endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { build, expectContract } from '../../test/helper';

// Input the provider accepts (API-NOTES "Provider shapes"): its clients configure osm_country "ARG",
// the spec's constant is "AR"; both name the same country.
describe('country codes: ISO alpha-2 or alpha-3', () => {
  it('autocomplete answers the same for AR, ar, ARG and arg, and answers alpha-3 as the provider does', async () => {
    const app = await build();
    const names = async (query: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/trips/autocomplete?${query}` });
      return expectContract(endpoints.trips.autocomplete, response).nodes_geos.map((place) => `${place.name}/${place.country}`);
    };
    const alpha2 = await names('name=salto&country=AR');
    expect(alpha2.length).toBeGreaterThan(0);
    expect(alpha2.every((name) => name.endsWith('/ARG'))).toBe(true);
    for (const code of ['ar', 'ARG', 'arg']) expect(await names(`name=salto&country=${code}`), code).toEqual(alpha2);
    expect((await names('name=asuncion&country=PRY'))[0]).toBe('Asunción/PRY');
    expect((await names('name=montevideo&country=UY'))[0]).toBe('Montevideo/URY');
    for (const bad of ['ARGENTINA', 'A', 'A1']) {
      expect((await app.inject({ method: 'GET', url: `/api/trips/autocomplete?name=salto&country=${bad}` })).statusCode, bad).toBe(422);
    }
  });

  it('trip search takes the home country as AR or ARG: both ends outside it are refused', async () => {
    const app = await build();
    // Montevideo → Asunción: both abroad for Argentina, one at home for Uruguay.
    const abroad = 'origin_id=296140043&destination_id=249854726';
    for (const code of ['AR', 'ARG', 'arg']) {
      const response = await app.inject({ method: 'GET', url: `/api/trips?${abroad}&country=${code}` });
      expect(response.statusCode, code).toBe(422);
      expect(response.json().errors.error).toBe('origin_destination_abroad');
    }
    for (const code of ['UY', 'URY']) {
      const response = await app.inject({ method: 'GET', url: `/api/trips?${abroad}&country=${code}` });
      expect(response.statusCode, code).toBe(200);
    }
    // Buenos Aires → Rosario with the provider's code searches as without it.
    const home = 'origin_id=81590481&destination_id=198417773&date=2026-11-26';
    const plain = expectContract(endpoints.trips.search, await app.inject({ method: 'GET', url: `/api/trips?${home}` }));
    const alpha3 = expectContract(endpoints.trips.search, await app.inject({ method: 'GET', url: `/api/trips?${home}&country=ARG` }));
    expect(alpha3.data.map((trip) => trip.id)).toEqual(plain.data.map((trip) => trip.id));
    expect((await app.inject({ method: 'GET', url: `/api/trips?${home}&country=ARGENTINA` })).statusCode).toBe(422);
  });
});
