import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemo, seedReference } from './seed';
import { seedDemoHistory } from './seed/demo-history';

/** Reads the configuration, opens and prepares the database, listens, and shuts down cleanly. */
async function main() {
  const config = readConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await seedReference(database.db);
  const seeded = config.seedDemo ? await seedDemo(database.db) : false;
  const app = await buildApp({ config, database });
  // The demo's first days of changes, made through the services so the log shows them.
  if (seeded) await seedDemoHistory(database.db, app.clock);
  app.log.info(
    {
      engine: database.engine,
      dataDir: database.engine === 'pglite' ? config.dataDir : undefined,
      seeded,
    },
    'base de datos lista',
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'cerrando: se terminan las solicitudes en curso');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
