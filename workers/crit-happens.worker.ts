/**
 * Crit Happens' tumble off the main thread: a TumbleHost exposed through Comlink. Thin on
 * purpose: the page asks for a roll's track, the engine computes it, the buffers come back
 * transferred.
 */
import * as Comlink from 'comlink';
import { TumbleHost } from '../src/games/crit-happens/host/TumbleHost.ts';

const host = new TumbleHost((value, transfer) => Comlink.transfer(value, transfer));
Comlink.expose(host);

/** What the page talks to (it imports this type only). */
export type CritWorkerApi = TumbleHost;
