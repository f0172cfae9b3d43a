/**
 * Yardcore's physics worker: a YardHost on the worker's clock, served to the page, its
 * snapshots posted straight to the scene's renderer over a port of their own.
 */
import { YardHost } from '../src/games/yardcore/host/YardHost.ts';
import { exposePhysicsWorker } from '../src/lib/runtime/workerEntries.ts';

exposePhysicsWorker((markTransfer, clock) => new YardHost({ clock, markTransfer }));
