/**
 * Lunar Lander's physics worker: a LanderHost (the game and its ghosts) on the worker's
 * clock, served to the page, its snapshots posted straight to the scene's renderer.
 */
import { LanderHost } from '../src/games/lunar-lander/host/LanderHost.ts';
import { exposePhysicsWorker } from '../src/lib/runtime/workerEntries.ts';

exposePhysicsWorker((_markTransfer, clock) => new LanderHost({ clock }));
