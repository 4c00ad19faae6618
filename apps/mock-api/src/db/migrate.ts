import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../config/env';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** `prisma migrate deploy` on the given database (creates the file when missing). */
export async function migrateDeploy(databaseUrl: string): Promise<void> {
  if (databaseUrl.startsWith('file:')) mkdirSync(path.dirname(databaseUrl.slice('file:'.length)), { recursive: true });
  const cli = require.resolve('prisma/build/index.js');
  await run(process.execPath, [cli, 'migrate', 'deploy'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
  });
}
