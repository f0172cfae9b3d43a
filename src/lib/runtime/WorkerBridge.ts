import * as Comlink from 'comlink';
import { TEST_CLOCK_MESSAGE, TEST_CRASH_MESSAGE, type TestClockOrder } from './exposeWorker.ts';

/** The page's message when a worker stops: the UI shows it with a Restart button. */
export class WorkerStoppedError extends Error {
  override name = 'WorkerStoppedError';
}

/** The methods of a worker's API (its other members are not callable across). */
type Method<Api> = {
  [K in keyof Api]: Api[K] extends (...args: never[]) => unknown ? K : never;
}[keyof Api];
type Args<Api, K extends keyof Api> = Api[K] extends (...args: infer A) => unknown ? A : never;
type Result<Api, K extends keyof Api> = Api[K] extends (...args: never[]) => infer R ? Awaited<R> : never;

/** The part of a Worker the bridge uses (a test passes a stand-in). */
export type WorkerLike = Pick<
  Worker,
  'postMessage' | 'terminate' | 'addEventListener' | 'removeEventListener'
>;

export interface StartWorkerOptions {
  /** What the player calls this part of the game, for the message ("Gravity's simulation"). */
  label: string;
  /**
   * Called once when the worker stops (a crash, a message it could not read) and for each
   * `send` that failed. The page shows the message; `restart()` starts the worker again.
   */
  onError: (error: Error) => void;
}

/**
 * The page's side of one worker: Comlink calls that reject when the worker stops instead of
 * waiting for ever, fire-and-forget commands whose failures are reported rather than
 * dropped, a restart, and a dispose after which every call is refused.
 */
export class WorkerBridge<Api> {
  private worker: WorkerLike;
  private remote: Comlink.Remote<Api>;
  private readonly pending = new Set<(error: Error) => void>();
  private stoppedBy: Error | null = null;
  private disposed = false;
  /** A test stepped this worker's clock: a restarted worker's clock is taken over too. */
  private clockTakenOver = false;

  constructor(
    private readonly create: () => WorkerLike,
    private readonly options: StartWorkerOptions,
  ) {
    this.worker = this.create();
    this.remote = this.wire(this.worker);
  }

  /** Why the worker stopped (null while it runs). */
  get stopped(): Error | null {
    return this.stoppedBy;
  }

  /** Calls `method` in the worker; rejects if the worker stops or is disposed before it answers. */
  call<K extends Method<Api>>(method: K, ...args: Args<Api, K>): Promise<Result<Api, K>> {
    if (this.stoppedBy) return Promise.reject(this.stoppedBy);
    const fn = this.remote[method as keyof Comlink.Remote<Api>] as unknown as (
      ...a: unknown[]
    ) => Promise<unknown>;
    return new Promise<Result<Api, K>>((resolve, reject) => {
      this.pending.add(reject);
      fn(...args).then(
        (value) => {
          this.pending.delete(reject);
          resolve(value as Result<Api, K>);
        },
        (error: unknown) => {
          this.pending.delete(reject);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /**
   * A command whose answer the page does not need: its failure goes to `onError` (a stopped
   * worker has reported already, once).
   */
  send<K extends Method<Api>>(method: K, ...args: Args<Api, K>): void {
    this.call(method, ...args).catch((error: Error) => {
      if (!(error instanceof WorkerStoppedError)) this.options.onError(error);
    });
  }

  /** A fresh worker in place of a stopped (or running) one; the caller loads its state again. */
  restart(): void {
    if (this.disposed) throw new WorkerStoppedError(`${this.options.label} was closed.`);
    if (!this.stoppedBy) {
      this.unwire();
      this.worker.terminate();
    }
    this.stoppedBy = null;
    this.worker = this.create();
    this.remote = this.wire(this.worker);
    if (this.clockTakenOver) void this.orderClock(null).catch(() => {});
  }

  /** Test builds: makes the worker throw from a timer, as a bug would. */
  crashForTest(): void {
    this.worker.postMessage(TEST_CRASH_MESSAGE);
  }

  /**
   * Test builds: stops the physics worker's clock (its game time stands still) until
   * `advanceClockForTest` moves it; a restarted worker's clock stays taken over. Resolves
   * when the worker has done it, so input sent before the next step is applied in it.
   */
  takeOverClockForTest(): Promise<void> {
    this.clockTakenOver = true;
    return this.orderClock(null);
  }

  /** Test builds: moves the taken-over clock on by `ms`; resolves when the worker has run it. */
  advanceClockForTest(ms: number): Promise<void> {
    this.clockTakenOver = true;
    return this.orderClock(ms);
  }

  private orderClock(advanceMs: number | null): Promise<void> {
    if (this.stoppedBy) return Promise.reject(this.stoppedBy);
    const { port1, port2 } = new MessageChannel();
    return new Promise<void>((resolve, reject) => {
      const stopped = (error: Error) => reject(error);
      this.pending.add(stopped);
      port1.onmessage = (event: MessageEvent<string | null>) => {
        this.pending.delete(stopped);
        port1.close();
        if (event.data) reject(new Error(event.data));
        else resolve();
      };
      const order: TestClockOrder = { type: TEST_CLOCK_MESSAGE, advanceMs, reply: port2 };
      this.worker.postMessage(order, [port2]);
    });
  }

  /** Ends the worker; calls waiting and every later call are refused. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.stop(new WorkerStoppedError(`${this.options.label} was closed.`), false);
  }

  private wire(worker: WorkerLike): Comlink.Remote<Api> {
    worker.addEventListener('error', this.onCrash);
    worker.addEventListener('messageerror', this.onMessageError);
    return Comlink.wrap<Api>(worker as Comlink.Endpoint);
  }

  /** Before terminating: a terminated worker frees its side, and its proxy goes with this one. */
  private unwire(): void {
    this.worker.removeEventListener('error', this.onCrash);
    this.worker.removeEventListener('messageerror', this.onMessageError);
  }

  private readonly onCrash = (event: Event): void => {
    // Reported here, with the page's message: not a second time as an uncaught error.
    event.preventDefault();
    console.error(`${this.options.label} stopped: ${crashDetail(event)}`);
    this.stop(new WorkerStoppedError(`${this.options.label} stopped working.`), true);
  };

  private readonly onMessageError = (): void => {
    this.stop(
      new WorkerStoppedError(`${this.options.label} stopped working (a message could not be read).`),
      true,
    );
  };

  private stop(error: Error, report: boolean): void {
    if (this.stoppedBy) return;
    this.stoppedBy = error;
    this.unwire();
    this.worker.terminate();
    for (const reject of this.pending) reject(error);
    this.pending.clear();
    if (report) this.options.onError(error);
  }
}

/**
 * What a worker's `error` event says, for the console: its message and where it was thrown;
 * a bare Event (no message) is what a worker gets when a script it loads fails or it dies.
 */
export function crashDetail(event: Event): string {
  const { message, filename, lineno } = event as Partial<ErrorEvent>;
  const where = filename ? ` (${filename}${lineno ? `:${lineno}` : ''})` : '';
  return message
    ? `${message}${where}`
    : `no message: a script it loads could not be loaded, or it ran out of memory${where}`;
}

/**
 * Starts a module worker behind a bridge. `create` makes it from what the game's own module
 * names for the bundler (a Vite `?worker` import, see `startGameWorkers`): the bundler finds
 * a worker by the import or `new Worker(new URL('…', import.meta.url))` written there, so the
 * file cannot be named here.
 */
export function startWorker<Api>(create: () => Worker, options: StartWorkerOptions): WorkerBridge<Api> {
  const bridge = new WorkerBridge<Api>(create, options);
  // End-to-end builds: the tests crash a worker on purpose through `window.futileWorkers[label]`.
  if ((import.meta as ImportMeta & { env?: { MODE?: string } }).env?.MODE === 'e2e') {
    const scope = globalThis as { futileWorkers?: Record<string, WorkerBridge<unknown>> };
    scope.futileWorkers ??= {};
    scope.futileWorkers[options.label] = bridge as WorkerBridge<unknown>;
  }
  return bridge;
}
