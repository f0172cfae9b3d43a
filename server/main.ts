import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connectDatabase, ensureSchema } from './db/connect.ts';
import { migrateToLatest } from './db/migrations.ts';
import { stdoutLogOutput } from './logOutput.ts';
import { armWatchdog } from './watchdog.ts';

/** After SHUTDOWN_TIMEOUT_MS: the main thread gives up (exit 1), then the watchdog (SIGKILL). */
const GIVE_UP_AFTER_MS = 3000;
const KILL_AFTER_MS = 4000;

// Log lines and console output that cannot be written (reader gone, pipe full, disk full)
// are dropped and counted on /metrics, never waited for: see logOutput.ts.
const output = stdoutLogOutput();

async function main() {
  const config = loadConfig();
  if (config.databaseSchema) await ensureSchema(config.databaseUrl, config.databaseSchema);
  const database = connectDatabase(config.databaseUrl, {
    schema: config.databaseSchema ?? undefined,
    queueTimeoutMs: config.databaseQueueTimeoutMs,
    poolSize: config.databasePoolSize,
  });
  await migrateToLatest(database.db, database.dialect, database.schema);
  const app = await buildApp({ config, database, logStream: output });
  // Expired sessions are refused on lookup; this only keeps the table small.
  const purge = () =>
    app.repos.users.purgeExpiredSessions().catch((err) => app.log.warn({ err }, 'session purge failed'));
  await purge();
  const purgeTimer = setInterval(purge, 3_600_000);
  purgeTimer.unref();
  // SIGTERM/SIGINT: stop accepting connections (idle keep-alive ones are closed, requests
  // arriving on busy ones answer 503), let the requests in flight finish, then close the
  // database. Requests still running after SHUTDOWN_TIMEOUT_MS have their connections cut:
  // their clients never got an answer, so nothing they were told is lost.
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    clearInterval(purgeTimer);
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const cut = setTimeout(() => {
      app.log.warn({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown: cutting requests still in flight');
      app.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    // If closing itself hangs (a stuck onClose hook): exit with an error. And if the main
    // thread is stuck too, so that this timer cannot fire, the watchdog thread kills the process.
    const giveUp = setTimeout(() => {
      app.log.error('shutdown did not finish; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + GIVE_UP_AFTER_MS);
    giveUp.unref();
    try {
      armWatchdog(
        config.shutdownTimeoutMs + KILL_AFTER_MS,
        'futile: shutdown did not finish; killing the process',
      );
    } catch (err) {
      app.log.error({ err }, 'shutdown: the watchdog did not start');
    }
    let code = 0;
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown: closing the app failed');
      code = 1;
    }
    clearTimeout(cut);
    try {
      await database.db.destroy();
    } catch (err) {
      app.log.error({ err }, 'shutdown: closing the database failed');
      code = 1;
    }
    app.log.info('stopped');
    process.exit(code);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  output.write(`\n  Futile is running at http://${shown}:${config.port}/\n\n`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
