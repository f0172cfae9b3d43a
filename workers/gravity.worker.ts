/**
 * The gravity engine's home off the main thread: a GravityHost on the worker's clock,
 * exposed through Comlink. Thin on purpose: the page calls the host's methods, the host
 * drives the engine, and snapshots come back as transferred typed arrays.
 */
import * as Comlink from 'comlink';
import { GravityHost } from '../src/games/gravity/host/GravityHost.ts';

const host = new GravityHost({
  clock: {
    now: () => performance.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
  markTransfer: (value, transfer) => Comlink.transfer(value, transfer),
});

Comlink.expose(host);

/** What the page talks to (it imports this type only). */
export type GravityWorkerApi = GravityHost;
