/**
 * Gravity's physics worker: a GravityHost on the worker's clock, served to the page, its
 * snapshots posted straight to the scene's renderer over a port of their own.
 */
import { GravityHost } from '../src/games/gravity/host/GravityHost.ts';
import { exposePhysicsWorker } from '../src/lib/runtime/workerEntries.ts';

exposePhysicsWorker((markTransfer, clock) => new GravityHost({ clock, markTransfer }));
