import { DOMAdapter, WebWorkerAdapter } from 'pixi.js';
import { SnapshotServer } from '../snapshotPort.ts';
import { type HostClock, SteppableClock, workerClock } from './clock.ts';
import { exposeWorker, testBuild } from './exposeWorker.ts';
import { RenderHost, type RenderHostOptions } from './RenderHost.ts';

/** What every physics worker serves beside its host's own methods. */
export interface SnapshotSource {
  /** Answers snapshot requests arriving on `port` (the render host's, wherever it runs). */
  serveSnapshots(port: MessagePort): void;
}

/** An engine host that answers `nextSnapshot(request)` with the next state the scene has not seen. */
export interface SnapshotHost<Request, Snapshot> {
  nextSnapshot(request: Request): Promise<Snapshot>;
  /**
   * A new renderer is reading (its worker restarted): its first snapshot must carry
   * everything, including what the host sends only when it changes (metadata).
   */
  newReader?(): void;
  /**
   * Where to send a snapshot that shows the player's input when no request waits for it
   * (SnapshotRequests' `sendUnaskedTo`): the reader served last.
   */
  sendUnaskedSnapshots?(send: (snapshot: Snapshot) => void): void;
}

/** Marks values to move (not copy) across postMessage; identity outside a worker. */
export type MarkTransfer = <T>(value: T, transfer: Transferable[]) => T;

/**
 * A physics worker's entry: makes the host (given the function that marks what its
 * snapshots move, and the clock to run on) and serves it, with `serveSnapshots`, to the page.
 * In e2e builds the clock is one the tests can take over and step.
 */
export function exposePhysicsWorker<Request, Snapshot>(
  makeHost: (markTransfer: MarkTransfer, clock: HostClock) => SnapshotHost<Request, Snapshot>,
): void {
  const snapshots = new SnapshotServer<Request, Snapshot>();
  const testClock = testBuild ? new SteppableClock() : undefined;
  const host = makeHost(snapshots.markTransfer, testClock ?? workerClock);
  const source: SnapshotSource = {
    serveSnapshots: (port) => {
      host.newReader?.();
      snapshots.serve(port, (request) => host.nextSnapshot(request));
      host.sendUnaskedSnapshots?.((snapshot) => snapshots.sendUnasked(snapshot));
    },
  };
  exposeWorker(Object.assign(host, source), testClock);
}

/**
 * A render worker's entry: Pixi on an OffscreenCanvas (its worker adapter, before any
 * renderer is made) and a RenderHost for the game's scene, served to the page.
 */
export function exposeRenderWorker<Snapshot, Input, Hud, Recycle>(
  options: RenderHostOptions<Snapshot, Input, Hud, Recycle>,
): void {
  DOMAdapter.set(WebWorkerAdapter);
  exposeWorker(new RenderHost(options));
}
