import path from 'node:path';
import { buildApp } from './app';
import { readEnv } from './config/env';
import { resolveControlsToken } from './config/secret';
import { controlsBanner } from './controls/access';
import { createDb, tuneDb } from './db/client';
import { migrateDeploy } from './db/migrate';
import { loggerOptions } from './lib/log-format';
import { loadPlaces, seedDatabase } from '@carpool/seed';

/** Start-up: apply migrations, seed an empty database, then listen on one port (default 3000). */
async function main() {
  const env = readEnv();
  const controls = resolveControlsToken(env.mockControlsToken, env);
  env.mockControlsToken = controls.token;
  await migrateDeploy(env.databaseUrl);
  const db = createDb(env.databaseUrl);
  await tuneDb(db, { wal: true });
  await loadPlaces(db);
  const summary = await seedDatabase(db, { uploadsDir: path.join(env.dataDir, 'uploads'), log: (line) => console.log(line) });
  console.log(`Database ready (${env.databaseUrl}):`, JSON.stringify(summary));

  const app = await buildApp({ env, db, logger: loggerOptions() });
  app.addHook('onClose', async () => {
    // Every write of the WAL into the database file before the process ends (a container's volume
    // then holds one self-contained file).
    await db.$queryRawUnsafe('PRAGMA wal_checkpoint(TRUNCATE)').catch((error: unknown) => app.log.error(error, 'checkpoint'));
    await db.$disconnect();
  });
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: env.port, host: env.host });
  // The trip search's index in memory, loaded now rather than by the first search.
  app.services.trips.warmSearch().catch((error: unknown) => app.log.error(error, 'trip search index'));
  // The places index too (the autocomplete, and the country of a searched point).
  app.services.places.warm().catch((error: unknown) => app.log.error(error, 'places index'));
  // The pending-ratings job runs once now (a server that was stopped catches up at start, not a
  // minute later), then the upcoming trips' answers are loaded in batches between requests
  // (read-model/kept-answers.ts): what the job changes (the users' rating counts, which trip answers
  // show) is then loaded once, not dropped a minute after the load.
  void app.services.ratings
    .runScheduled()
    .catch((error: unknown) => app.log.error(error, 'pending ratings'))
    .then(() => app.services.trips.warmAnswers())
    .catch((error: unknown) => app.log.error(error, 'trip answers'));
  if (env.mockControls) console.log(controlsBanner({ token: controls.token, tokenFile: controls.file, host: env.host, port: env.port }));
  console.log(`Carpool: http://localhost:${env.port}/app/trips  ·  API docs: http://localhost:${env.port}/api/docs`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
