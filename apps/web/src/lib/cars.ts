import { endpoints, type Car } from '@carpool/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, type ApiClient } from './api-client';
import { carKeys, userKeys } from './query-keys';

export type { Car };

/** GET /api/cars: the session user's cars (Mis autos, the trip form's car, the start-up preload). */
export const getCars = async ({ signal, client = api }: { signal?: AbortSignal; client?: ApiClient } = {}): Promise<Car[]> =>
  (await client.call(endpoints.cars.list, { signal })).data;

export const carsQueryOptions = () => queryOptions({ queryKey: carKeys.list(), queryFn: ({ signal }) => getCars({ signal }) });

export const useCars = (enabled = true) => useQuery({ ...carsQueryOptions(), enabled });

/** How a car is named in a list or a select: its plate, then the catalogue's (or written) brand and model. */
export function carLabel(car: Car): string {
  const brand = car.brand_name ?? car.brand_other;
  const model = car.model_name ?? car.model_other;
  const name = [brand, model, car.year].filter((part) => part != null && String(part).trim() !== '').join(' ');
  return name ? `${car.patente} · ${name}` : car.patente;
}

/** After a change: the list, and the user's own record, which carries the cars too (the profile's plate). */
export const refreshCars = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: carKeys.list() }), client.invalidateQueries({ queryKey: userKeys.detail('me') })]);
