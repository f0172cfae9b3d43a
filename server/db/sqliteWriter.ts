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

/**
 * Runs batches of score inserts on a worker thread's own connection to the SQLite file
 * (sqliteWriter.worker.mjs), so disk flushes do not block the event loop. Started on
 * first use; unref'd, and terminated when the app closes.
 */
export class SqliteBatchWriter {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, (outcome: BatchOutcome) => void>();

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
      this.failAll(new Error('The score writer stopped'));
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

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}

/** Rebuilds a database error from the worker (message and code, e.g. SQLITE_CONSTRAINT_FOREIGNKEY). */
export function workerError(error: { message: string; code?: string }): Error {
  return Object.assign(new Error(error.message), error.code ? { code: error.code } : {});
}
