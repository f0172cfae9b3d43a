import { Worker } from 'node:worker_threads';

export interface RankedInsert {
  insertSql: string;
  insertParams: unknown[];
  /** The new row's id is appended to these parameters. */
  rankSql: string;
  rankParams: unknown[];
}

type Outcome =
  | { ok: true; value: { id: number; rank: number } }
  | { ok: false; error: { message: string; code?: string } };

/**
 * Runs batches of score inserts on a worker thread's own connection to the SQLite file
 * (sqliteWriter.worker.mjs), so disk flushes do not block the event loop. Started on
 * first use; unref'd, and terminated when the app closes.
 */
export class SqliteBatchWriter {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, (results: Outcome[]) => void>();

  constructor(private readonly file: string) {}

  private start(): Worker {
    const worker = new Worker(new URL('./sqliteWriter.worker.mjs', import.meta.url), {
      workerData: { file: this.file },
    });
    worker.unref();
    worker.on('message', ({ id, results }: { id: number; results: Outcome[] }) => {
      this.waiting.get(id)?.(results);
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
    const failed: Outcome = { ok: false, error: { message: err.message } };
    for (const [id, done] of this.waiting) {
      this.waiting.delete(id);
      done([failed]);
    }
  }

  /** One outcome per item, in order; the batch is one transaction unless an item fails. */
  async run(batch: RankedInsert[]): Promise<Outcome[]> {
    this.worker ??= this.start();
    const id = this.nextId++;
    const results = await new Promise<Outcome[]>((resolve) => {
      this.waiting.set(id, resolve);
      this.worker?.postMessage({ id, batch });
    });
    // A worker crash answers with a single failure for the whole batch.
    return results.length === batch.length ? results : batch.map(() => results[0]);
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
