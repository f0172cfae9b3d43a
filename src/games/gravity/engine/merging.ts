import type { Rng } from '../../../lib/pure/rng.ts';
import { hslToColor, KIND_PLANET } from './bodyTypes.ts';
import { MERGE_COLOUR_CHANGE_CHANCE, MERGE_FLASH_STEPS, MERGE_RADIUS_GAIN } from './constants.ts';

/** Pairs of world indices found touching during a force pass, merged after it. */
export class PairList {
  pairs = new Int32Array(64);
  count = 0;

  push(i: number, j: number): void {
    if (this.count * 2 + 2 > this.pairs.length) {
      const next = new Int32Array(this.pairs.length * 2);
      next.set(this.pairs);
      this.pairs = next;
    }
    this.pairs[this.count * 2] = i;
    this.pairs[this.count * 2 + 1] = j;
    this.count++;
  }
}

/** What merging reads and changes of the world's bodies. */
export interface MergingBodies {
  readonly capacity: number;
  readonly id: Int32Array;
  readonly kind: Uint8Array;
  readonly collides: Uint8Array;
  readonly mass: Float64Array;
  readonly radius: Float64Array;
  readonly vx: Float64Array;
  readonly vy: Float64Array;
  readonly ax: Float64Array;
  readonly ay: Float64Array;
  readonly color: Uint32Array;
  readonly flash: Int32Array;
  readonly rng: Rng;
  /** Passed on to the survivor when the held body is absorbed. */
  heldId: number;
}

export class Merger {
  /** The pairs the force pass found touching. */
  readonly touching = new PairList();
  private alias = new Int32Array(0);
  private dead = new Int32Array(0);

  /**
   * Merges overlapping pairs: the heavier survives (ties: the older id), momentum is
   * conserved, radius grows by a quarter of the other's, a planet survivor changes colour
   * 80% of the time, and both flash for 60 steps. The survivor's acceleration becomes the
   * mass-weighted mean (the force on the whole is the sum of the forces on its parts).
   * Returns the indices merged away, ascending (the caller removes them), or null.
   */
  merge(bodies: MergingBodies): Int32Array | null {
    const pairCount = this.touching.count;
    if (pairCount === 0) return null;
    this.touching.count = 0;
    const pairs = this.touching.pairs;
    const { mass, vx, vy, ax, ay, radius, kind, collides, id, color, flash } = bodies;
    if (this.alias.length < bodies.capacity) {
      this.alias = new Int32Array(bodies.capacity).fill(-1);
      this.dead = new Int32Array(bodies.capacity);
    }
    // alias[j]: the body that absorbed j (-1: none). Indices stay valid while merging:
    // removal waits until every pair is handled.
    const { alias, dead } = this;
    let deadCount = 0;
    for (let k = 0; k < pairCount; k++) {
      let i = pairs[k * 2];
      let j = pairs[k * 2 + 1];
      while (alias[i] >= 0) i = alias[i];
      while (alias[j] >= 0) j = alias[j];
      if (i === j) continue;
      if (!collides[i] || !collides[j]) continue;
      if (mass[j] > mass[i] || (mass[j] === mass[i] && id[j] < id[i])) {
        const t = i;
        i = j;
        j = t;
      }
      const m = mass[i] + mass[j];
      vx[i] = (mass[i] * vx[i] + mass[j] * vx[j]) / m;
      vy[i] = (mass[i] * vy[i] + mass[j] * vy[j]) / m;
      ax[i] = (mass[i] * ax[i] + mass[j] * ax[j]) / m;
      ay[i] = (mass[i] * ay[i] + mass[j] * ay[j]) / m;
      mass[i] = m;
      radius[i] += radius[j] * MERGE_RADIUS_GAIN;
      if (kind[i] === KIND_PLANET && bodies.rng.next() < MERGE_COLOUR_CHANGE_CHANCE) {
        color[i] = hslToColor(
          bodies.rng.range(0, 360),
          bodies.rng.range(0.45, 0.8),
          bodies.rng.range(0.5, 0.68),
        );
      }
      flash[i] = MERGE_FLASH_STEPS;
      if (id[j] === bodies.heldId) bodies.heldId = id[i];
      alias[j] = i;
      dead[deadCount++] = j;
    }
    if (deadCount === 0) return null;
    const gone = dead.subarray(0, deadCount).sort();
    for (let k = 0; k < deadCount; k++) alias[gone[k]] = -1;
    return gone;
  }
}
