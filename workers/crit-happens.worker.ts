/**
 * Crit Happens' physics worker: a TumbleHost served to the page, each roll's tumble posted
 * straight to the scene's renderer over a port of their own.
 */
import { TumbleHost } from '../src/games/crit-happens/host/TumbleHost.ts';
import { exposePhysicsWorker } from '../src/lib/runtime/workerEntries.ts';

exposePhysicsWorker((markTransfer) => new TumbleHost(markTransfer));
