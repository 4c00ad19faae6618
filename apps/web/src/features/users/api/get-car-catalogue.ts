import { endpoints } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { carKeys } from '@/lib/query-keys';

// The catalogue changes with the provider's releases, not during a visit.
const CATALOGUE_STALE_MS = 60 * 60_000;

/** GET /api/car-brands: the catalogue's brands, by name. */
export const getCarBrands = async ({ signal }: { signal?: AbortSignal } = {}) => (await api.call(endpoints.cars.brands, { signal })).data;

/** GET /api/car-brands/:id/models: a brand's models, by name. */
export const getCarModels = async (brandId: number, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.call(endpoints.cars.models, { params: { id: brandId }, signal })).data;

/** GET /api/car-colors: the catalogue's colours. */
export const getCarColors = async ({ signal }: { signal?: AbortSignal } = {}) => (await api.call(endpoints.cars.colors, { signal })).data;

export const carBrandsQueryOptions = () =>
  queryOptions({ queryKey: carKeys.brands(), queryFn: ({ signal }) => getCarBrands({ signal }), staleTime: CATALOGUE_STALE_MS });

export const carModelsQueryOptions = (brandId: number) =>
  queryOptions({ queryKey: carKeys.models(brandId), queryFn: ({ signal }) => getCarModels(brandId, { signal }), staleTime: CATALOGUE_STALE_MS });

export const carColorsQueryOptions = () =>
  queryOptions({ queryKey: carKeys.colors(), queryFn: ({ signal }) => getCarColors({ signal }), staleTime: CATALOGUE_STALE_MS });

export const useCarBrands = () => useQuery(carBrandsQueryOptions());
export const useCarColors = () => useQuery(carColorsQueryOptions());
/** Nothing is asked until a catalogue brand is chosen. */
export const useCarModels = (brandId: number | null) =>
  useQuery({ ...carModelsQueryOptions(brandId ?? 0), enabled: brandId !== null && brandId > 0 });
