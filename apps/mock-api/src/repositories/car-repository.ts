import type { Prisma } from '@prisma/client';
import type { DbClient } from '../db/client';

/** The catalogue names the answers carry. */
const catalogue = { brand: true, model: true, color: true } as const;

export type CarCatalogueFields = Pick<Prisma.CarUncheckedCreateInput, 'year' | 'car_color_id' | 'car_brand_id' | 'car_model_id' | 'brand_other' | 'model_other'>;

export function createCarRepository(db: DbClient) {
  return {
    listOf: (userId: number) => db.car.findMany({ where: { user_id: userId }, orderBy: { id: 'asc' }, include: catalogue }),
    /** The car only when it belongs to the user. */
    findOwned: (userId: number, id: number) => db.car.findFirst({ where: { id, user_id: userId }, include: catalogue }),
    findByPlate: (userId: number, patente: string) => db.car.findFirst({ where: { user_id: userId, patente }, select: { id: true } }),
    firstOf: (userId: number) => db.car.findFirst({ where: { user_id: userId }, orderBy: { id: 'asc' } }),
    create: (userId: number, data: { patente: string; description: string | null } & CarCatalogueFields) =>
      db.car.create({ data: { ...data, user_id: userId }, include: catalogue }),
    update: (id: number, data: { patente?: string; description?: string | null } & CarCatalogueFields) =>
      db.car.update({ where: { id }, data, include: catalogue }),
    /** Whether the catalogue ids exist and the model is the brand's. */
    async catalogueErrors(fields: CarCatalogueFields): Promise<Record<string, string[]>> {
      const errors: Record<string, string[]> = {};
      if (fields.car_brand_id && !(await db.carBrand.findUnique({ where: { id: fields.car_brand_id } }))) errors.car_brand_id = ['La marca no existe.'];
      if (fields.car_model_id) {
        const model = await db.carModel.findUnique({ where: { id: fields.car_model_id } });
        if (!model || (fields.car_brand_id && model.brand_id !== fields.car_brand_id)) errors.car_model_id = ['El modelo no es de esa marca.'];
      }
      if (fields.car_color_id && !(await db.carColor.findUnique({ where: { id: fields.car_color_id } }))) errors.car_color_id = ['El color no existe.'];
      return errors;
    },
    /** Trips that used the car keep no car (the relation sets car_id to null). */
    delete: (id: number) => db.car.delete({ where: { id } }),
  };
}

export type CarRepository = ReturnType<typeof createCarRepository>;
