import type { CarBody } from '@carpool/contracts';
import { AppError } from '../lib/app-error';
import type { CarRepository } from '../repositories/car-repository';
import { toWireCar } from '../transformers/user-transformer';

/**
 * A user's cars. Another user's car answers like a missing one (422 car_not_found), so that
 * car ids of other users cannot be probed.
 */
export function createCarService({ cars }: { cars: CarRepository }) {
  async function owned(userId: number, id: number) {
    const car = await cars.findOwned(userId, id);
    if (!car) throw new AppError('car_not_found', { message: 'El auto no existe.' });
    return car;
  }
  const fields = (body: { patente: string; description: string }) => ({ patente: body.patente, description: body.description });

  return {
    list: async (userId: number) => ({ data: (await cars.listOf(userId)).map(toWireCar) }),
    show: async (userId: number, id: number) => ({ data: toWireCar(await owned(userId, id)) }),
    create: async (userId: number, body: Required<CarBody>) => ({ data: toWireCar(await cars.create(userId, fields(body))) }),
    async update(userId: number, id: number, body: Required<CarBody>) {
      await owned(userId, id);
      return { data: toWireCar(await cars.update(id, fields(body))) };
    },
    async delete(userId: number, id: number) {
      await owned(userId, id);
      await cars.delete(id);
      return { data: 'ok' };
    },
  };
}

export type CarService = ReturnType<typeof createCarService>;
