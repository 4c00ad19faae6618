import type { Prisma } from '@prisma/client';
import type { DbClient } from '../db/client';

/** Client error reports (POST /api/log). */
export function createLogRepository(db: DbClient) {
  return {
    create: (data: Prisma.LogEntryUncheckedCreateInput) => db.logEntry.create({ data }),

    /** One page, newest first. */
    page: (offset: number, limit: number) => db.logEntry.findMany({ orderBy: [{ created_at: 'desc' }, { id: 'desc' }], skip: offset, take: limit }),

    count: () => db.logEntry.count(),
  };
}

export type LogRepository = ReturnType<typeof createLogRepository>;
