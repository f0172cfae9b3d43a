import { FRAME_STRIDE, STEP_MS, type TumbleTrack } from '../engine/physics.ts';

/** What happened in a roll's playback since the last look: impacts (px/s), dice come to rest, the end. */
export interface PlaybackEvents {
  impacts: number[];
  settled: number[];
  done: boolean;
}

/**
 * A roll's precomputed tumble played against a clock: the one rule of when each impact
 * sounds, each die shows its face and the roll is over. The scene draws by it and the
 * page (tray, sounds) follows the same rule from the same frame times, so neither waits
 * for a message from the other.
 */
/** What a timeline needs of a track: its timings (the page has these without the frames). */
export type TrackTimes = Pick<TumbleTrack, 'steps' | 'count' | 'settleStep' | 'impacts' | 'impactCount'>;

export class RollTimeline {
  private nextImpact = 0;
  private readonly settled: boolean[];
  private finished = false;

  constructor(readonly track: TrackTimes) {
    this.settled = Array.from({ length: track.count }, () => false);
  }

  /** The step `elapsedMs` into the playback is at, and how far towards the next (0..1). */
  position(elapsedMs: number): { s0: number; s1: number; t: number; exact: number } {
    const { steps } = this.track;
    const exact = Math.min(steps - 1, Math.max(0, elapsedMs / STEP_MS));
    const s0 = Math.floor(exact);
    return { s0, s1: Math.min(steps - 1, s0 + 1), t: exact - s0, exact };
  }

  isSettled(index: number, s0: number): boolean {
    return s0 >= this.track.settleStep[index];
  }

  /**
   * When the next event not yet reported falls due (ms into the playback): the next impact,
   * die coming to rest or the end, whichever is first; null once the end has been reported.
   * For a follower that wakes only when something happens rather than at every frame.
   */
  nextEventMs(): number | null {
    if (this.finished) return null;
    const { track } = this;
    let step = track.steps - 1;
    if (this.nextImpact < track.impactCount) step = Math.min(step, track.impacts[this.nextImpact * 2]);
    for (let i = 0; i < track.count; i++) if (!this.settled[i]) step = Math.min(step, track.settleStep[i]);
    return step * STEP_MS;
  }

  /** The events due by `elapsedMs` that were not reported before; `done` once, at the end. */
  advance(elapsedMs: number): PlaybackEvents {
    const { track } = this;
    const { s0, exact } = this.position(elapsedMs);
    const impacts: number[] = [];
    while (this.nextImpact < track.impactCount && track.impacts[this.nextImpact * 2] <= s0) {
      impacts.push(track.impacts[this.nextImpact * 2 + 1]);
      this.nextImpact++;
    }
    const settled: number[] = [];
    for (let i = 0; i < track.count; i++) {
      if (!this.settled[i] && this.isSettled(i, s0)) {
        this.settled[i] = true;
        settled.push(i);
      }
    }
    let done = false;
    if (!this.finished && exact >= track.steps - 1 && this.settled.every(Boolean)) {
      this.finished = true;
      done = true;
    }
    return { impacts, settled, done };
  }
}

/** Where die `index` of a roll lies once the tumble is over (arena CSS px). */
export function restingPlace(track: TumbleTrack, index: number): { x: number; y: number } {
  const o = ((track.steps - 1) * track.count + index) * FRAME_STRIDE;
  return { x: track.frames[o], y: track.frames[o + 1] };
}
