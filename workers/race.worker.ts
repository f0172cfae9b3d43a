/**
 * Draw & Race off the main thread: a RaceHost on the worker's clock, exposed through
 * Comlink. Thin on purpose: the page calls the host, the host drives the engine (track,
 * racing line, cars, race), and snapshots come back as transferred typed arrays.
 */
import * as Comlink from 'comlink';
import { RaceHost } from '../src/games/race/host/RaceHost.ts';

const host = new RaceHost({
  clock: {
    now: () => performance.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
  markTransfer: (value, transfer) => Comlink.transfer(value, transfer),
});

Comlink.expose(host);

/** What the page talks to (it imports this type only). */
export type RaceWorkerApi = RaceHost;
