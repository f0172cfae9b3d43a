/**
 * Draw & Race's physics worker: a RaceHost on the worker's clock, served to the page, its
 * snapshots posted straight to the scene's renderer over a port of their own.
 */
import { RaceHost } from '../src/games/race/host/RaceHost.ts';
import { exposePhysicsWorker } from '../src/lib/runtime/workerEntries.ts';

exposePhysicsWorker((markTransfer, clock) => new RaceHost({ clock, markTransfer }));
