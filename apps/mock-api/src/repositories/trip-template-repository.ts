import type { DbClient } from '../db/client';

/** The trip templates users saved by name (one per user and name). */
export function createTripTemplateRepository(db: DbClient) {
  return {
    listOf: (userId: number) => db.tripCreationTemplate.findMany({ where: { user_id: userId }, orderBy: { name: 'asc' } }),
    find: (userId: number, name: string) => db.tripCreationTemplate.findUnique({ where: { user_id_name: { user_id: userId, name } } }),
    /** Creates the template, or replaces the data of the user's template of that name. */
    save: (userId: number, name: string, data: string) =>
      db.tripCreationTemplate.upsert({
        where: { user_id_name: { user_id: userId, name } },
        create: { user_id: userId, name, data },
        update: { data },
      }),
  };
}

export type TripTemplateRepository = ReturnType<typeof createTripTemplateRepository>;
