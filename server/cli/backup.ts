import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, backupSqlite, defaultBackupPath } from '../db/backup.ts';
import { isPostgresUrl } from '../db/connect.ts';

const USAGE = 'Usage: npm run backup -- [destination.sqlite]   (default: data/backups/futile-<time>.sqlite)';

/** `npm run backup -- <dest>`: an online copy of the SQLite database named by DATABASE_URL. */
async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h') || args.length > 1) {
    console.log(USAGE);
    process.exit(args.length > 1 ? 2 : 0);
  }
  const config = loadConfig();
  if (isPostgresUrl(config.databaseUrl)) {
    console.error(
      [
        'DATABASE_URL is PostgreSQL: back it up with PostgreSQL tools, not this command.',
        '  pg_dump --format=custom --file=futile.dump "$DATABASE_URL"     (a consistent online copy)',
        '  pg_restore --clean --if-exists --dbname="$DATABASE_URL" futile.dump   (restore)',
        'For point-in-time recovery use WAL archiving with base backups (README, "Backups").',
      ].join('\n'),
    );
    process.exit(2);
  }
  const destination = args[0] ?? defaultBackupPath();
  const started = performance.now();
  const result = await backupSqlite(config.databaseUrl, destination);
  const counts = Object.entries(result.rows)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');
  console.log(
    `Backed up ${config.databaseUrl} to ${result.destination} (${(result.bytes / 1024).toFixed(0)} KiB, ` +
      `${Math.round(performance.now() - started)} ms; integrity ok).\nRows: ${counts}`,
  );
}

main().catch((err) => {
  console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
