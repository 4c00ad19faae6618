import type { DbClient } from './user-repository';

export function createCarRepository(db: DbClient) {
  return {
    listOf: (userId: number) => db.car.findMany({ where: { user_id: userId }, orderBy: { id: 'asc' } }),
    /** The car only when it belongs to the user. */
    findOwned: (userId: number, id: number) => db.car.findFirst({ where: { id, user_id: userId } }),
    firstOf: (userId: number) => db.car.findFirst({ where: { user_id: userId }, orderBy: { id: 'asc' } }),
    create: (userId: number, data: { patente: string; description: string | null }) =>
      db.car.create({ data: { ...data, user_id: userId } }),
    update: (id: number, data: { patente?: string; description?: string | null }) => db.car.update({ where: { id }, data }),
    /** Trips that used the car keep no car (the relation sets car_id to null). */
    delete: (id: number) => db.car.delete({ where: { id } }),
  };
}

export type CarRepository = ReturnType<typeof createCarRepository>;
