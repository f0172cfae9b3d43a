import { ConfigError, loadConfig } from '../config.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { CliError, runAdminCommand } from './adminCommands.ts';

/** `npm run admin -- …`: manage admin console accounts in the configured database. */
async function main() {
  const config = loadConfig();
  const database = connectDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db, database.dialect, database.schema);
    console.log(await runAdminCommand(process.argv.slice(2), database));
  } finally {
    await database.db.destroy();
  }
}

main().catch((err) => {
  console.error(
    err instanceof CliError || err instanceof ConfigError || err instanceof TypeError ? err.message : err,
  );
  process.exit(1);
});
