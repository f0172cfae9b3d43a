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
    if (prepared.size >= 500) prepared.clear();
    prepared.set(sql, statement);
  }
  return statement;
}

/** Rank counts first (they must not see the batch's own rows), then the other writes, then the inserts. */
const runBatch = db.transaction(({ counts, writes, inserts }) => {
  const counted = counts.map(({ sql, params }) => Number(prepare(sql).get(...params).n));
  for (const { sql, params } of writes) prepare(sql).run(...params);
  return { counts: counted, ids: inserts.map(({ sql, params }) => Number(prepare(sql).get(...params).id)) };
});

parentPort.on('message', ({ id, batch }) => {
  let outcome;
  try {
    // IMMEDIATE: take the write lock before the counts read. A deferred transaction that read
    // first cannot upgrade after another connection (the server's own, writing saves) committed,
    // and fails at once with SQLITE_BUSY instead of waiting out busy_timeout.
    outcome = { ok: true, ...runBatch.immediate(batch) };
  } catch (err) {
    outcome = { ok: false, error: { message: String(err?.message ?? err), code: err?.code } };
  }
  parentPort.postMessage({ id, outcome });
});
