import { endpoints } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshCars } from '@/lib/cars';

/** DELETE /api/cars/:id: the provider keeps the trips that used the car, without a car. */
export const deleteCar = async (id: number): Promise<void> => {
  await api.call(endpoints.cars.delete, { params: { id } });
};

export const useDeleteCar = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCar,
    onSuccess: () => refreshCars(client),
  });
};
