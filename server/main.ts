import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connectDatabase, ensureSchema } from './db/connect.ts';
import { migrateToLatest } from './db/migrations.ts';

async function main() {
  const config = loadConfig();
  if (config.databaseSchema) await ensureSchema(config.databaseUrl, config.databaseSchema);
  const database = connectDatabase(config.databaseUrl, { schema: config.databaseSchema ?? undefined });
  await migrateToLatest(database.db, database.dialect, database.schema);
  const app = await buildApp({ config, database });
  // Expired sessions are refused on lookup; this only keeps the table small.
  const purge = () =>
    app.repos.users.purgeExpiredSessions().catch((err) => app.log.warn({ err }, 'session purge failed'));
  await purge();
  const purgeTimer = setInterval(purge, 3_600_000);
  purgeTimer.unref();
  const close = async () => {
    clearInterval(purgeTimer);
    await app.close();
    await database.db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`\n  Futile is running at http://${shown}:${config.port}/\n`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
