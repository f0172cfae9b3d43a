import type { MarkTransfer, SnapshotSource } from '../../../lib/runtime/workerEntries.ts';
import type { Die } from '../engine/dice.ts';
import { FRAME_STRIDE, simulateTumble, type TumbleInput, type TumbleTrack } from '../engine/physics.ts';

export type { MarkTransfer };

/** A roll the page decided (its plan), for the engine to throw. */
export interface RollRequest {
  /** Numbered by the page; the scene plays each roll once. */
  id: number;
  input: TumbleInput;
  dice: Die[];
  /** The planned results, shown as each die settles. */
  faces: number[];
  seed: number;
  /** The `markInput` number of the press that asked for it (0: none). */
  inputMark: number;
}

/** A roll as the scene plays it: the request and its whole tumble. */
export interface DiceRoll extends Omit<RollRequest, 'input'> {
  track: TumbleTrack;
}

/** What the engine host posts to the scene: the newest roll. */
export interface TumbleSnapshot {
  roll: DiceRoll;
  /** Shown where it ended, not played: a renderer that started again after the roll. */
  atRest: boolean;
}

/**
 * What the page follows a roll by (sounds, the tray's faces, the crit banner's spots): the
 * track's timings without its frames, which go to the scene alone.
 */
export interface RollTimes {
  steps: number;
  count: number;
  settleStep: Int32Array;
  impacts: Float32Array;
  impactCount: number;
  /** Where each die comes to rest: x, y, angle per die (arena CSS px, radians). */
  resting: Float32Array;
}

/**
 * Crit Happens' engine host: throws a roll the page planned (the whole tumble, computed at
 * once by the engine) and hands the track straight to the scene's renderer as its next
 * snapshot, its buffers moved; the page gets back only the timings it follows. Plumbing
 * only: the physics lives in the engine.
 */
export class TumbleHost {
  /** The newest roll, kept for a renderer that starts again (it shows it at rest). */
  private latest: DiceRoll | null = null;
  private undelivered = false;
  /** The next delivery is the newest roll again, for a new renderer. */
  private again = false;
  private pending: ((snapshot: TumbleSnapshot) => void) | null = null;

  constructor(private readonly markTransfer: MarkTransfer = (value) => value) {}

  /** A roll's whole track (the engine's), its buffers marked to move. */
  tumble(input: TumbleInput): TumbleTrack {
    const track = simulateTumble(input);
    return this.markTransfer(track, [track.frames.buffer, track.settleStep.buffer, track.impacts.buffer]);
  }

  /** Throws `request`'s dice: the scene gets the track as its next snapshot; the page, its timings. */
  roll(request: RollRequest): RollTimes {
    const { input, ...rest } = request;
    const track = simulateTumble(input);
    const times = timesOf(track);
    this.latest = { ...rest, track };
    this.undelivered = true;
    this.again = false;
    this.deliver();
    return times;
  }

  /** The next roll the renderer has not seen; waits until there is one. */
  nextSnapshot(_request: null): Promise<TumbleSnapshot> {
    return new Promise((resolve) => {
      this.pending = resolve;
      this.deliver();
    });
  }

  /**
   * A new renderer reads (its worker restarted): the request the old one left waiting is
   * dropped, and the newest roll goes to the new one (which shows it at rest, not again).
   */
  newReader(): void {
    this.pending = null;
    this.undelivered = this.latest !== null;
    this.again = this.undelivered;
  }

  private deliver(): void {
    const resolve = this.pending;
    const roll = this.latest;
    if (!resolve || !roll || !this.undelivered) return;
    this.pending = null;
    this.undelivered = false;
    // The frames move to the renderer: a copy stays here for a renderer that starts again.
    const track = { ...roll.track, frames: roll.track.frames.slice() };
    const atRest = this.again;
    this.again = false;
    resolve(this.markTransfer({ roll: { ...roll, track }, atRest }, [track.frames.buffer as ArrayBuffer]));
  }
}

/** The track's timings and resting places, copied (the track's own buffers go to the scene). */
function timesOf(track: TumbleTrack): RollTimes {
  const resting = new Float32Array(track.count * 3);
  const last = (track.steps - 1) * track.count;
  for (let i = 0; i < track.count; i++) {
    const o = (last + i) * FRAME_STRIDE;
    resting[i * 3] = track.frames[o];
    resting[i * 3 + 1] = track.frames[o + 1];
    resting[i * 3 + 2] = track.frames[o + 2];
  }
  return {
    steps: track.steps,
    count: track.count,
    settleStep: track.settleStep.slice(),
    impacts: track.impacts.slice(),
    impactCount: track.impactCount,
    resting,
  };
}

/** What the Crit Happens physics worker serves the page: the host, and its snapshots on a port of their own. */
export type CritPhysicsApi = TumbleHost & SnapshotSource;
