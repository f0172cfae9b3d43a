import { KIND_STAR } from './bodyTypes.ts';
import { NEIGHBOUR_CUTOFF, SOFTENING_SQ } from './constants.ts';
import type { PairList } from './merging.ts';

export const CUTOFF_SQ = NEIGHBOUR_CUTOFF * NEIGHBOUR_CUTOFF;
/**
 * The neighbour list's skin: it holds pairs closer than the cutoff plus this, and is
 * rebuilt once a planet has moved half of it. Thinner lists are faster to sum, thicker
 * ones last longer; Proto Disk rebuilds every 10 to 20 sub-steps with this.
 */
const SKIN = 6;
/** A hair under half the skin, so rounding can never matter. */
const MAX_DRIFT_SQ = (0.49 * SKIN) ** 2;
/** Threshold of the branch-free filter building the list: (cutoff + skin)² and a margin. */
const LIST_FILTER = (NEIGHBOUR_CUTOFF + SKIN) * (NEIGHBOUR_CUTOFF + SKIN) + 1;
/** Memory bound of the list (Proto Disk needs about 22 per planet); beyond it the grid serves. */
const NEIGHBOURS_MAX_PER_PLANET = 96;
const NEIGHBOURS_MAX_EXTRA = 1 << 16;
/**
 * Grid cells of half the list's reach (cutoff + skin), searched 2 cells around, so the
 * search covers the reach: the searched area hugs the reach's circle closer (25/4 ≈ 6.3
 * reach² against 9 for reach-sized cells), fewer wasted tests.
 */
const STENCIL = 2;
export const GRID_CELL = (NEIGHBOUR_CUTOFF + SKIN) / STENCIL;
/** Bounds the grid's memory when a body flies far away: outliers share the edge cells (still correct). */
export const GRID_MAX_SIDE = 512;

/** What the planet pass reads of the world's bodies, and the accelerations it adds to. */
export interface PlanetBodies {
  readonly count: number;
  readonly capacity: number;
  readonly kind: Uint8Array;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly mass: Float64Array;
  readonly radius: Float64Array;
  readonly ax: Float64Array;
  readonly ay: Float64Array;
}

/**
 * Planet–planet forces within the cutoff, through a neighbour list (Verlet list): every
 * pair of planets closer than the cutoff plus a skin, found through the grid, each pair
 * once. It stays good while no planet has moved more than half the skin since it was
 * built (no pair can then have come from beyond the list's reach to within the cutoff),
 * so most steps only refresh the planets' copies (position, mass, radius) and sum over
 * the list, testing the exact cutoff per pair. A merge patches it (the absorbed planet
 * drops out, the body moved into its index keeps its place); any other change to the
 * bodies, or drifting too far, rebuilds it.
 */
export class PlanetNeighbours {
  // Scratch reused from step to step: planets sorted by grid cell.
  /** Sorted index → world index (-1: merged away since the sort). */
  private sIdx = new Int32Array(0);
  /** World index → sorted index (-1: a star). */
  private sortedOf = new Int32Array(0);
  private sortedCount = 0;
  private sCell = new Int32Array(0);
  /** Sorted planets' copies packed as x, y, mass, radius: one array, one cache line per body. */
  private sBody = new Float64Array(0);
  /** Where each sorted planet was when the neighbour list was built (x, y). */
  private sHome = new Float64Array(0);
  /** Planet–planet acceleration (÷ G) per sorted planet, packed as x, y. */
  private sAcc = new Float64Array(0);
  private cellStart = new Int32Array(0);
  private gridW = 0;
  private gridH = 0;
  private maxRadius = 0;
  /** Neighbour list: sorted planet a's later neighbours are nbList[nbStart[a] .. nbStart[a + 1]). */
  private nbStart = new Int32Array(0);
  private nbList = new Int32Array(0);
  /** Whether the list still serves: any change to the bodies but motion and merges clears it. */
  valid = false;

  /** Adds G × the planet–planet accelerations to ax/ay and lists the planets that touch. */
  addForces(bodies: PlanetBodies, planets: number, G: number, pairs: PairList): void {
    let listed = this.valid && this.refresh(bodies);
    if (!listed) {
      this.sortPlanets(bodies, planets);
      listed = this.build();
      this.valid = listed;
    }
    const sorted = this.sortedCount;
    this.sAcc.fill(0, 0, sorted * 2);
    if (listed) this.listForces(pairs);
    else this.gridForces(pairs);
    const { ax, ay } = bodies;
    const { sIdx, sAcc } = this;
    for (let k = 0; k < sorted; k++) {
      const i = sIdx[k];
      if (i < 0) continue;
      ax[i] += G * sAcc[k * 2];
      ay[i] += G * sAcc[k * 2 + 1];
    }
  }

  patch(i: number, last: number): void {
    const { sIdx, sortedOf, sBody } = this;
    const k = sortedOf[i];
    if (k >= 0) {
      sIdx[k] = -1;
      // NaN fails every distance test, so the list's pairs with it count for nothing.
      sBody[k * 4] = Number.NaN;
      sBody[k * 4 + 1] = Number.NaN;
    }
    if (i !== last) {
      const moved = sortedOf[last];
      sortedOf[i] = moved;
      if (moved >= 0) sIdx[moved] = i;
    }
  }

  /**
   * Counting sort of the planets by grid cell into the packed copies (cells of a row
   * contiguous, world order kept within a cell), and where each drifts from.
   */
  private sortPlanets(bodies: PlanetBodies, planets: number): void {
    const n = bodies.count;
    const { x, y, kind, mass, radius } = bodies;
    if (this.sIdx.length < planets) {
      const cap = Math.max(planets, this.sIdx.length * 2);
      this.sIdx = new Int32Array(cap);
      this.sCell = new Int32Array(cap);
      this.sBody = new Float64Array(cap * 4);
      this.sHome = new Float64Array(cap * 2);
      this.sAcc = new Float64Array(cap * 2);
      this.nbStart = new Int32Array(cap + 1);
    }
    if (this.sortedOf.length < bodies.capacity) this.sortedOf = new Int32Array(bodies.capacity);
    const { sIdx, sCell, sBody, sHome, sortedOf } = this;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < n; i++) {
      if (kind[i] === KIND_STAR) continue;
      const xi = x[i];
      const yi = y[i];
      if (xi < minX) minX = xi;
      if (xi > maxX) maxX = xi;
      if (yi < minY) minY = yi;
      if (yi > maxY) maxY = yi;
    }
    const gw = Math.min(GRID_MAX_SIDE, Math.floor((maxX - minX) / GRID_CELL) + 1);
    const gh = Math.min(GRID_MAX_SIDE, Math.floor((maxY - minY) / GRID_CELL) + 1);
    const cells = gw * gh;
    if (this.cellStart.length < cells + 1) this.cellStart = new Int32Array(Math.max(cells + 1, 1024));
    const cellStart = this.cellStart;
    cellStart.fill(0, 0, cells + 1);
    let p = 0;
    for (let i = 0; i < n; i++) {
      if (kind[i] === KIND_STAR) continue;
      let cx = Math.floor((x[i] - minX) / GRID_CELL);
      let cy = Math.floor((y[i] - minY) / GRID_CELL);
      if (cx >= gw) cx = gw - 1;
      if (cy >= gh) cy = gh - 1;
      const c = cy * gw + cx;
      sCell[p++] = c;
      cellStart[c + 1]++;
    }
    for (let c = 0; c < cells; c++) cellStart[c + 1] += cellStart[c];
    // cellStart[c] becomes the fill cursor; afterwards it is the cell's end, shifted back below.
    p = 0;
    let maxRadius = 0;
    for (let i = 0; i < n; i++) {
      if (kind[i] === KIND_STAR) {
        sortedOf[i] = -1;
        continue;
      }
      const k = cellStart[sCell[p++]]++;
      sIdx[k] = i;
      sortedOf[i] = k;
      const o = k * 4;
      sBody[o] = x[i];
      sBody[o + 1] = y[i];
      sBody[o + 2] = mass[i];
      sBody[o + 3] = radius[i];
      sHome[k * 2] = x[i];
      sHome[k * 2 + 1] = y[i];
      if (radius[i] > maxRadius) maxRadius = radius[i];
    }
    for (let c = cells; c > 0; c--) cellStart[c] = cellStart[c - 1];
    cellStart[0] = 0;
    this.gridW = gw;
    this.gridH = gh;
    this.maxRadius = maxRadius;
    this.sortedCount = planets;
  }

  /**
   * Copies the planets' positions, masses and radii into their sorted places. False when
   * one has moved more than half the skin since the list was built: time to rebuild it.
   */
  private refresh(bodies: PlanetBodies): boolean {
    const { x, y, mass, radius } = bodies;
    const { sIdx, sBody, sHome } = this;
    const sorted = this.sortedCount;
    let drift = 0;
    let maxRadius = 0;
    for (let k = 0; k < sorted; k++) {
      const i = sIdx[k];
      if (i < 0) continue; // merged away
      const o = k * 4;
      const xi = x[i];
      const yi = y[i];
      sBody[o] = xi;
      sBody[o + 1] = yi;
      sBody[o + 2] = mass[i];
      sBody[o + 3] = radius[i];
      if (radius[i] > maxRadius) maxRadius = radius[i];
      const dx = xi - sHome[k * 2];
      const dy = yi - sHome[k * 2 + 1];
      const d2 = dx * dx + dy * dy;
      if (d2 > drift) drift = d2;
    }
    this.maxRadius = maxRadius;
    // Also false for a NaN drift.
    return drift <= MAX_DRIFT_SQ;
  }

  /**
   * Lists, for each sorted planet a, the later ones b closer than the list's reach: the
   * rest of a's cell and the cells to its right on its row, and the 2 rows below (half
   * stencil), so each pair once, in stencil order. False, listing nothing, when the grid
   * is so crowded that the list would take too much memory (gridForces serves then).
   */
  private build(): boolean {
    const { cellStart, sBody } = this;
    const gw = this.gridW;
    const gh = this.gridH;
    const sorted = this.sortedCount;
    // The stencil's size bounds the list's: check it, then make room for it.
    let bound = 0;
    for (let cy = 0; cy < gh; cy++) {
      const lastRow = Math.min(cy + STENCIL, gh - 1);
      for (let cx = 0; cx < gw; cx++) {
        const inCell = cellStart[cy * gw + cx + 1] - cellStart[cy * gw + cx];
        if (inCell === 0) continue;
        const left = Math.max(cx - STENCIL, 0);
        const right = Math.min(cx + STENCIL, gw - 1);
        let reach = 0;
        for (let ry = cy; ry <= lastRow; ry++) {
          reach += cellStart[ry * gw + right + 1] - cellStart[ry * gw + left];
        }
        bound += inCell * reach;
      }
    }
    if (bound > NEIGHBOURS_MAX_PER_PLANET * sorted + NEIGHBOURS_MAX_EXTRA) return false;
    if (this.nbList.length < bound) this.nbList = new Int32Array(Math.ceil(bound * 1.25));
    const { nbStart, nbList } = this;
    let m = 0;
    for (let cy = 0; cy < gh; cy++) {
      const rowBase = cy * gw;
      const lastRow = Math.min(cy + STENCIL, gh - 1);
      for (let cx = 0; cx < gw; cx++) {
        const a0 = cellStart[rowBase + cx];
        const a1 = cellStart[rowBase + cx + 1];
        const left = Math.max(cx - STENCIL, 0);
        const right = Math.min(cx + STENCIL, gw - 1);
        for (let a = a0; a < a1; a++) {
          nbStart[a] = m;
          const xa = sBody[a * 4];
          const ya = sBody[a * 4 + 1];
          for (let ry = cy; ry <= lastRow; ry++) {
            const base = ry * gw;
            const b0 = ry === cy ? a + 1 : cellStart[base + left];
            const b1 = cellStart[base + right + 1];
            // Without a branch (about half the stencil is beyond reach, too irregularly
            // for the branch predictor): (d² − (reach² + 1)) | 0 is negative, sign bit 1,
            // when d² ≤ reach² (or, rarely, when a huge d² wraps round: listed, then
            // dropped by the exact cutoff test).
            for (let b = b0; b < b1; b++) {
              const o = b * 4;
              const dx = sBody[o] - xa;
              const dy = sBody[o + 1] - ya;
              nbList[m] = b;
              m += ((dx * dx + dy * dy - LIST_FILTER) | 0) >>> 31;
            }
          }
        }
      }
    }
    nbStart[sorted] = m;
    return true;
  }

  private listForces(pairs: PairList): void {
    const { sBody, sAcc, sIdx, nbStart, nbList } = this;
    const sorted = this.sortedCount;
    const maxRadius = this.maxRadius;
    for (let a = 0; a < sorted; a++) {
      const q0 = nbStart[a];
      const q1 = nbStart[a + 1];
      if (q0 === q1) continue;
      const oa = a * 4;
      const xa = sBody[oa];
      const ya = sBody[oa + 1];
      const ma = sBody[oa + 2];
      const ra = sBody[oa + 3];
      // Closer than this, the pair may touch: the exact radius test runs only then.
      const touch = (ra + maxRadius) * (ra + maxRadius);
      let axa = 0;
      let aya = 0;
      for (let q = q0; q < q1; q++) {
        const b = nbList[q];
        const o = b * 4;
        const dx = sBody[o] - xa;
        const dy = sBody[o + 1] - ya;
        const d2 = dx * dx + dy * dy;
        // Also skips merged-away planets, whose copies are NaN.
        if (!(d2 < CUTOFF_SQ)) continue;
        const inv = 1 / Math.sqrt(d2 + SOFTENING_SQ);
        const inv3 = inv * inv * inv;
        const fb = sBody[o + 2] * inv3;
        const fa = ma * inv3;
        axa += fb * dx;
        aya += fb * dy;
        sAcc[b * 2] -= fa * dx;
        sAcc[b * 2 + 1] -= fa * dy;
        if (d2 < touch) {
          const rr = ra + sBody[o + 3];
          if (d2 < rr * rr) pairs.push(sIdx[a], sIdx[b]);
        }
      }
      sAcc[oa >> 1] += axa;
      sAcc[(oa >> 1) + 1] += aya;
    }
  }

  private gridForces(pairs: PairList): void {
    const { cellStart, sBody, sAcc, sIdx } = this;
    const gw = this.gridW;
    const gh = this.gridH;
    const maxRadius = this.maxRadius;
    for (let cy = 0; cy < gh; cy++) {
      const rowBase = cy * gw;
      const lastRow = Math.min(cy + STENCIL, gh - 1);
      for (let cx = 0; cx < gw; cx++) {
        const a0 = cellStart[rowBase + cx];
        const a1 = cellStart[rowBase + cx + 1];
        const left = Math.max(cx - STENCIL, 0);
        const right = Math.min(cx + STENCIL, gw - 1);
        for (let a = a0; a < a1; a++) {
          const oa = a * 4;
          const xa = sBody[oa];
          const ya = sBody[oa + 1];
          const ma = sBody[oa + 2];
          const ra = sBody[oa + 3];
          const touch = (ra + maxRadius) * (ra + maxRadius);
          let axa = 0;
          let aya = 0;
          for (let ry = cy; ry <= lastRow; ry++) {
            const base = ry * gw;
            const b0 = ry === cy ? a + 1 : cellStart[base + left];
            const b1 = cellStart[base + right + 1];
            for (let b = b0; b < b1; b++) {
              const o = b * 4;
              const dx = sBody[o] - xa;
              const dy = sBody[o + 1] - ya;
              const d2 = dx * dx + dy * dy;
              if (!(d2 < CUTOFF_SQ)) continue;
              const inv = 1 / Math.sqrt(d2 + SOFTENING_SQ);
              const inv3 = inv * inv * inv;
              const fb = sBody[o + 2] * inv3;
              const fa = ma * inv3;
              axa += fb * dx;
              aya += fb * dy;
              sAcc[b * 2] -= fa * dx;
              sAcc[b * 2 + 1] -= fa * dy;
              if (d2 < touch) {
                const rr = ra + sBody[o + 3];
                if (d2 < rr * rr) pairs.push(sIdx[a], sIdx[b]);
              }
            }
          }
          sAcc[a * 2] += axa;
          sAcc[a * 2 + 1] += aya;
        }
      }
    }
  }
}
