import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export class BackupError extends Error {}

export interface BackupResult {
  destination: string;
  bytes: number;
  /** Rows per table in the copy, read back from it. */
  rows: Record<string, number>;
}

/** Where a backup goes when no destination is named: data/backups/futile-<UTC time>.sqlite. */
export function defaultBackupPath(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return path.resolve('data', 'backups', `futile-${stamp}.sqlite`);
}

/**
 * A consistent copy of a live SQLite database through SQLite's online backup API (the
 * server keeps reading and writing meanwhile; a write during the copy makes SQLite copy the
 * changed pages again). The copy is written beside the destination and renamed into place
 * only once it passes `PRAGMA integrity_check`, so a failed backup never leaves a file that
 * looks whole.
 */
export async function backupSqlite(source: string, destination: string): Promise<BackupResult> {
  if (!fs.existsSync(source)) throw new BackupError(`No SQLite database at ${source}`);
  const dest = path.resolve(destination);
  if (fs.existsSync(dest)) throw new BackupError(`${dest} already exists; name a new file`);
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  const partial = `${dest}.partial`;
  fs.rmSync(partial, { force: true });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(partial);
  } finally {
    db.close();
  }
  const copy = new SQLite(partial);
  let rows: Record<string, number>;
  try {
    const integrity = copy.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`The copy failed its integrity check: ${integrity}`);
    // A plain rollback-journal file: one self-contained file, nothing beside it to lose.
    copy.pragma('journal_mode = DELETE');
    const tables = copy
      .prepare(
        `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
      )
      .pluck()
      .all() as string[];
    rows = Object.fromEntries(
      tables.map((t) => [t, copy.prepare(`select count(*) from "${t}"`).pluck().get() as number]),
    );
  } catch (err) {
    copy.close();
    fs.rmSync(partial, { force: true });
    throw err;
  }
  copy.close();
  fs.renameSync(partial, dest);
  return { destination: dest, bytes: fs.statSync(dest).size, rows };
}
