import { endpoints, type Car, type CarBody } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshCars } from '@/lib/cars';

/** PUT /api/cars/:id: changes one of the session user's cars. */
export const updateCar = async ({ id, body }: { id: number; body: CarBody }): Promise<Car> =>
  (await api.call(endpoints.cars.update, { params: { id }, body })).data;

export const useUpdateCar = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateCar, onSuccess: () => refreshCars(client) });
};
