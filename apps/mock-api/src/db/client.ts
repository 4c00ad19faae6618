import { PrismaLibSQL } from '@prisma/adapter-libsql';
import { PrismaClient } from '@prisma/client';

export type Db = PrismaClient;

/** Prisma on SQLite through the libsql driver adapter (the only engine that works offline here). */
export function createDb(url: string): Db {
  return new PrismaClient({ adapter: new PrismaLibSQL({ url }) });
}
