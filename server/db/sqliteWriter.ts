import { Worker } from 'node:worker_threads';

export interface Statement {
  sql: string;
  params: unknown[];
}

/** Counts (each answering `n`), then writes, then inserts (each answering `id`), in one transaction. */
export interface WriteBatch {
  counts: Statement[];
  writes: Statement[];
  inserts: Statement[];
}

export type BatchOutcome =
  | { ok: true; counts: number[]; ids: number[] }
  | { ok: false; error: { message: string; code?: string } };

type StatementResult =
  | { ok: true; rows: unknown[][] }
  | { ok: false; error: { message: string; code?: string } };
type GroupOutcome =
  | { ok: true; results: StatementResult[] }
  | { ok: false; error: { message: string; code?: string } };

interface QueuedWrite {
  statement: Statement;
  resolve: (rows: unknown[][]) => void;
  reject: (err: Error) => void;
}

/**
 * Runs the hot writes (score batches, saves) on a worker thread's own connection to the
 * SQLite file (sqliteWriter.worker.mjs), so disk flushes do not block the event loop.
 * Started on first use; unref'd, and terminated when the app closes. One per database
 * (Db.writes), so the server has one writing connection besides its main one.
 */
export class SqliteBatchWriter {
  private worker: Worker | null = null;
  private nextId = 1;
  // biome-ignore lint/suspicious/noExplicitAny: each message kind answers its own outcome shape
  private readonly waiting = new Map<number, (outcome: any) => void>();
  private queued: QueuedWrite[] = [];
  /** Statements queued in one turn of the event loop commit together (group commit). */
  private static readonly MAX_GROUP = 200;

  constructor(private readonly file: string) {}

  private start(): Worker {
    const worker = new Worker(new URL('./sqliteWriter.worker.mjs', import.meta.url), {
      workerData: { file: this.file },
    });
    worker.unref();
    worker.on('message', ({ id, outcome }: { id: number; outcome: BatchOutcome }) => {
      this.waiting.get(id)?.(outcome);
      this.waiting.delete(id);
    });
    worker.on('error', (err) => this.failAll(err));
    worker.on('exit', () => {
      this.worker = null;
      this.failAll(new Error('The database writer stopped'));
    });
    return worker;
  }

  private failAll(err: Error) {
    for (const [id, done] of this.waiting) {
      this.waiting.delete(id);
      done({ ok: false, error: { message: err.message } });
    }
  }

  /** The whole batch commits, or none of it (the outcome then carries the error). */
  run(batch: WriteBatch): Promise<BatchOutcome> {
    this.worker ??= this.start();
    const id = this.nextId++;
    return new Promise<BatchOutcome>((resolve) => {
      this.waiting.set(id, resolve);
      this.worker?.postMessage({ id, batch });
    });
  }

  /**
   * Runs one statement in the next group commit and answers its rows (arrays of column
   * values; [] for a statement without RETURNING). It is acknowledged only once committed.
   * A failing statement rejects alone (with the database's code, e.g. SQLITE_CONSTRAINT_UNIQUE).
   */
  rows(sql: string, params: readonly unknown[]): Promise<unknown[][]> {
    return new Promise((resolve, reject) => {
      this.queued.push({ statement: { sql, params: [...params] }, resolve, reject });
      if (this.queued.length === 1) setImmediate(() => this.sendGroup());
    });
  }

  private sendGroup() {
    const group = this.queued.splice(0, SqliteBatchWriter.MAX_GROUP);
    if (this.queued.length) setImmediate(() => this.sendGroup());
    if (!group.length) return;
    this.worker ??= this.start();
    const id = this.nextId++;
    this.waiting.set(id, (outcome: GroupOutcome) => {
      if (!outcome.ok) {
        for (const write of group) write.reject(workerError(outcome.error));
        return;
      }
      outcome.results.forEach((result, i) => {
        if (result.ok) group[i].resolve(result.rows);
        else group[i].reject(workerError(result.error));
      });
    });
    this.worker.postMessage({ id, statements: group.map((write) => write.statement) });
  }

  async close(): Promise<void> {
    for (const write of this.queued.splice(0)) write.reject(new Error('The database is closing'));
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}

/** Rebuilds a database error from the worker (message and code, e.g. SQLITE_CONSTRAINT_FOREIGNKEY). */
export function workerError(error: { message: string; code?: string }): Error {
  return Object.assign(new Error(error.message), error.code ? { code: error.code } : {});
}
