import { simulateTumble, type TumbleInput, type TumbleTrack } from '../engine/physics.ts';

/** Marks values to move (not copy) across postMessage; identity outside a worker. */
export type MarkTransfer = <T>(value: T, transfer: Transferable[]) => T;

/**
 * Computes a roll's whole tumble off the main thread and hands the track back with its
 * buffers transferred: the page plays it back frame by frame without waiting on anything.
 * Plumbing only: the physics lives in the engine.
 */
export class TumbleHost {
  constructor(private readonly markTransfer: MarkTransfer = (value) => value) {}

  tumble(input: TumbleInput): TumbleTrack {
    const track = simulateTumble(input);
    return this.markTransfer(track, [track.frames.buffer, track.settleStep.buffer, track.impacts.buffer]);
  }
}
