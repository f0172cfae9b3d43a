/**
 * Draw & Race off the main thread: a RaceHost on the worker's clock, exposed through
 * Comlink. Thin on purpose: the page calls the host, the host drives the engine (track,
 * racing line, cars, race), and snapshots come back as transferred typed arrays over a
 * snapshot port of their own (src/lib/snapshotPort.ts), not a Comlink call per frame.
 */
import * as Comlink from 'comlink';
import type { RaceSnapshot } from '../src/games/race/engine/snapshot.ts';
import { RaceHost } from '../src/games/race/host/RaceHost.ts';
import { SnapshotServer } from '../src/lib/snapshotPort.ts';

const snapshots = new SnapshotServer<Float32Array | null, RaceSnapshot>();

class RaceWorker extends RaceHost {
  /** Answers the page's snapshot requests on `port` (a spare car buffer each, or null). */
  serveSnapshots(port: MessagePort): void {
    snapshots.serve(port, (buffer) => this.nextSnapshot(buffer));
  }
}

const host = new RaceWorker({
  clock: {
    now: () => performance.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
  markTransfer: snapshots.markTransfer,
});

Comlink.expose(host);

/** What the page talks to (it imports this type only). */
export type RaceWorkerApi = RaceWorker;
