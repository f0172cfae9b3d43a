/**
 * The gravity engine's home off the main thread: a GravityHost on the worker's clock,
 * exposed through Comlink. Thin on purpose: the page calls the host's methods, the host
 * drives the engine, and snapshots come back as transferred typed arrays over a snapshot
 * port of their own (src/lib/snapshotPort.ts), not a Comlink call per frame.
 */
import * as Comlink from 'comlink';
import type { Snapshot, SnapshotBuffers } from '../src/games/gravity/engine/snapshot.ts';
import { GravityHost } from '../src/games/gravity/host/GravityHost.ts';
import { SnapshotServer } from '../src/lib/snapshotPort.ts';

const snapshots = new SnapshotServer<SnapshotBuffers | null, Snapshot>();

class GravityWorker extends GravityHost {
  /** Answers the page's snapshot requests on `port` (the buffers of a spent snapshot each, or null). */
  serveSnapshots(port: MessagePort): void {
    snapshots.serve(port, (buffers) => this.nextSnapshot(buffers));
  }
}

const host = new GravityWorker({
  clock: {
    now: () => performance.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
  markTransfer: snapshots.markTransfer,
});

Comlink.expose(host);

/** What the page talks to (it imports this type only). */
export type GravityWorkerApi = GravityWorker;
