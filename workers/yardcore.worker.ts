/**
 * Yardcore's world off the main thread: a YardHost on the worker's clock, exposed through
 * Comlink. Thin on purpose: the page calls the host, the host drives the engine, and
 * snapshots come back as transferred typed arrays.
 */
import * as Comlink from 'comlink';
import { YardHost } from '../src/games/yardcore/host/YardHost.ts';

const host = new YardHost({
  clock: {
    now: () => performance.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
  markTransfer: (value, transfer) => Comlink.transfer(value, transfer),
});

Comlink.expose(host);

/** What the page talks to (it imports this type only). */
export type YardWorkerApi = YardHost;
