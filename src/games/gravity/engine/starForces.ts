import type { BodyArrays } from './bodyArrays.ts';
import { KIND_STAR } from './bodyTypes.ts';
import { SOFTENING_SQ } from './constants.ts';
import type { PairList } from './merging.ts';

/**
 * The stars' pull: each star on every body at any distance and back, few stars × all
 * bodies, each pair once. Star pairs pull and touch only with star gravity on.
 */
export class StarForces {
  /** Scratch reused from step to step: the stars' world indices. */
  private stars = new Int32Array(0);

  /**
   * Adds the accelerations of every pair with a star to ax/ay, lists the pairs that touch,
   * and returns how many bodies are planets.
   */
  addForces(bodies: BodyArrays, G: number, starGravity: boolean, touching: PairList): number {
    const n = bodies.count;
    const { x, y, ax, ay, mass, radius, kind } = bodies;
    if (this.stars.length < n) this.stars = new Int32Array(bodies.capacity);
    const stars = this.stars;
    let starCount = 0;
    for (let i = 0; i < n; i++) if (kind[i] === KIND_STAR) stars[starCount++] = i;
    for (let k = 0; k < starCount; k++) {
      const s = stars[k];
      const xs = x[s];
      const ys = y[s];
      const gms = G * mass[s];
      const rs = radius[s];
      let axs = 0;
      let ays = 0;
      for (let j = 0; j < n; j++) {
        if (j === s) continue;
        const isStar = kind[j] === KIND_STAR;
        if (isStar && j < s) continue; // star pairs once
        const dx = x[j] - xs;
        const dy = y[j] - ys;
        const d2 = dx * dx + dy * dy;
        const rr = rs + radius[j];
        if (d2 < rr * rr && (!isStar || starGravity)) touching.push(s, j);
        if (isStar && !starGravity) continue;
        const inv = 1 / Math.sqrt(d2 + SOFTENING_SQ);
        const inv3 = inv * inv * inv;
        ax[j] -= gms * dx * inv3;
        ay[j] -= gms * dy * inv3;
        const gmj = G * mass[j] * inv3;
        axs += gmj * dx;
        ays += gmj * dy;
      }
      ax[s] += axs;
      ay[s] += ays;
    }
    return n - starCount;
  }
}
