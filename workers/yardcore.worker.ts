/**
 * Yardcore's world off the main thread: a YardHost on the worker's clock, exposed through
 * Comlink. Thin on purpose: the page calls the host, the host drives the engine, and
 * snapshots come back as transferred typed arrays over a snapshot port of their own
 * (src/lib/snapshotPort.ts), not a Comlink call per frame.
 */
import * as Comlink from 'comlink';
import type { YardSnapshot } from '../src/games/yardcore/engine/snapshot.ts';
import { YardHost } from '../src/games/yardcore/host/YardHost.ts';
import { SnapshotServer } from '../src/lib/snapshotPort.ts';

const snapshots = new SnapshotServer<Float32Array | null, YardSnapshot>();

class YardWorker extends YardHost {
  /** Answers the page's snapshot requests on `port` (a spare entity buffer each, or null). */
  serveSnapshots(port: MessagePort): void {
    snapshots.serve(port, (buffer) => this.nextSnapshot(buffer));
  }
}

const host = new YardWorker({
  clock: {
    now: () => performance.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
  // Snapshots go out on the snapshot port, chunks as Comlink answers: marked for both.
  markTransfer: (value, transfer) => snapshots.markTransfer(Comlink.transfer(value, transfer), transfer),
});

Comlink.expose(host);

/** What the page talks to (it imports this type only). */
export type YardWorkerApi = YardWorker;
