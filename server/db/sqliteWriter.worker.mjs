// Score inserts for a SQLite file, in a worker thread: with synchronous=FULL each commit
// waits for the disk, and better-sqlite3 waits in the calling thread. Here the wait no
// longer stalls the server's event loop (reads, other requests) — only the submits.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
db.pragma('foreign_keys = ON');

const prepared = new Map();
function prepare(sql) {
  let statement = prepared.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    prepared.set(sql, statement);
  }
  return statement;
}

/** Insert, then rank with the new id appended to the rank query's parameters. */
function insertAndRank(item) {
  const row = prepare(item.insertSql).get(...item.insertParams);
  const id = Number(row.id);
  const { n } = prepare(item.rankSql).get(...item.rankParams, id);
  return { id, rank: Number(n) + 1 };
}

const asError = (err) => ({ ok: false, error: { message: String(err?.message ?? err), code: err?.code } });

parentPort.on('message', ({ id, batch }) => {
  let results;
  try {
    results = db
      .transaction(() => batch.map(insertAndRank))()
      .map((value) => ({ ok: true, value }));
  } catch {
    // One bad row must not fail its neighbours: each on its own.
    results = batch.map((item) => {
      try {
        return { ok: true, value: db.transaction(() => insertAndRank(item))() };
      } catch (err) {
        return asError(err);
      }
    });
  }
  parentPort.postMessage({ id, results });
});
