import { endpoints, type Car, type CarCreateBody } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshCars } from '@/lib/cars';

/** POST /api/cars: a new car of the session user (year, colour, brand and model required). */
export const createCar = async (body: CarCreateBody): Promise<Car> => (await api.call(endpoints.cars.create, { body })).data;

export const useCreateCar = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: createCar, onSuccess: () => refreshCars(client) });
};
