import type { CarBody } from '@carpool/contracts';
import { AppError } from '../lib/app-error';
import type { CarRepository } from '../repositories/car-repository';
import { toWireCar } from '../transformers/user-transformer';

type CarFields = { patente: string } & Omit<CarBody, 'patente'>;

/** Laravel's unique rule's text (CarsManager: one plate per user among their cars). */
const PLATE_TAKEN = 'The patente has already been taken.';

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
  const fields = (body: CarFields) => ({
    patente: body.patente,
    // The provider stores '' for a car sent without a description (CarsManager::normalizePayload).
    description: body.description ?? '',
    year: body.year ?? null,
    car_color_id: body.car_color_id ?? null,
    car_brand_id: body.car_brand_id ?? null,
    // As the provider: a catalogue model only with a catalogue brand; blank free text is none.
    car_model_id: body.car_brand_id ? (body.car_model_id ?? null) : null,
    brand_other: body.brand_other || null,
    model_other: body.model_other || null,
  });
  /** The catalogue ids exist, and the plate is not one of the user's other cars. */
  async function checked(userId: number, body: CarFields, carId?: number) {
    const data = fields(body);
    const errors = await cars.catalogueErrors(data);
    const twin = await cars.findByPlate(userId, data.patente);
    if (twin && twin.id !== carId) errors.patente = [PLATE_TAKEN];
    if (Object.keys(errors).length > 0) throw AppError.fields(errors);
    return data;
  }

  return {
    list: async (userId: number) => ({ data: (await cars.listOf(userId)).map(toWireCar) }),
    show: async (userId: number, id: number) => ({ data: toWireCar(await owned(userId, id)) }),
    create: async (userId: number, body: CarFields) => ({ data: toWireCar(await cars.create(userId, await checked(userId, body))) }),
    async update(userId: number, id: number, body: CarFields) {
      await owned(userId, id);
      return { data: toWireCar(await cars.update(id, await checked(userId, body, id))) };
    },
    async delete(userId: number, id: number) {
      await owned(userId, id);
      await cars.delete(id);
      return { data: 'ok' };
    },
  };
}

export type CarService = ReturnType<typeof createCarService>;
