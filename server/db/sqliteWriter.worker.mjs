// The hot writes of a SQLite file (score batches, saves), in a worker thread: with
// synchronous=FULL each commit waits for the disk, and better-sqlite3 waits in the calling
// thread. Here the wait no longer stalls the server's event loop (reads, other requests),
// and writes arriving together share one commit.
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

const raw = new Map();
/** Rows as arrays for a statement that returns rows; [] after running one that does not. */
function runRaw(sql, params) {
  let statement = raw.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    if (statement.reader) statement.raw(true);
    if (raw.size >= 200) raw.clear();
    raw.set(sql, statement);
  }
  if (statement.reader) return statement.all(...params);
  statement.run(...params);
  return [];
}

// Each statement in a savepoint of its own (a nested better-sqlite3 transaction), so one that
// fails (a unique key taken) leaves its neighbours in the shared commit untouched.
const runOne = db.transaction((sql, params) => runRaw(sql, params));
const runGroup = db.transaction((statements) =>
  statements.map(({ sql, params }) => {
    try {
      return { ok: true, rows: runOne(sql, params) };
    } catch (err) {
      return { ok: false, error: { message: String(err?.message ?? err), code: err?.code } };
    }
  }),
);

parentPort.on('message', ({ id, batch, statements }) => {
  let outcome;
  if (statements) {
    try {
      outcome = { ok: true, results: runGroup.immediate(statements) };
    } catch (err) {
      outcome = { ok: false, error: { message: String(err?.message ?? err), code: err?.code } };
    }
    parentPort.postMessage({ id, outcome });
    return;
  }
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
