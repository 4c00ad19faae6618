import path from 'node:path';
import { defineConfig } from 'prisma/config';
import { PrismaLibSQL } from '@prisma/adapter-libsql';

// Prisma's native engines cannot be downloaded on our machines: the JS query compiler,
// the wasm schema engine and the libsql adapter work offline (see shared/DESIGN.md).
process.env.DATABASE_URL ??= `file:${path.resolve(import.meta.dirname, 'apps/mock-api/var/carpool.db')}`;

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  adapter: async () => new PrismaLibSQL({ url: process.env.DATABASE_URL as string }),
});
