import { createRng, type Rng, rngFromState } from '../../../lib/pure/rng.ts';
import {
  type BodyKind,
  hslToColor,
  KIND_PLANET,
  KIND_STAR,
  PLANET_TYPES,
  STAR_TYPES,
  temperatureToColor,
} from './bodyTypes.ts';
import {
  DEFAULT_GRAVITY,
  MASS_MIN,
  MERGE_COLOUR_CHANGE_CHANCE,
  MERGE_FLASH_STEPS,
  MERGE_RADIUS_GAIN,
  NEIGHBOUR_CUTOFF,
  PATH_TRAIL_EVERY_STEPS,
  PATH_TRAIL_MAX_POINTS,
  RADIUS_MIN,
  SOFTENING_SQ,
  SUB_STEP,
  TEMPERATURE_MIN,
  TRAIL_EVERY_STEPS,
  TRAIL_MAX_POINTS,
} from './constants.ts';
import { momentumOf } from './measures.ts';

/** A body as plain data: what presets, share links and the details panel speak. */
export interface BodyInit {
  kind: BodyKind;
  type: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
  mass: number;
  radius: number;
  color: number;
  /** Stars only (kelvin). */
  temperature?: number;
  /** Planets only (g/cm³, informational). */
  density?: number;
  angularVelocity?: number;
  /** Planets only: false lets it pass through others without merging. */
  collides?: boolean;
}

export interface Body extends BodyInit {
  id: number;
  /** Where reset puts it back. */
  originalX: number;
  originalY: number;
  originalVx: number;
  originalVy: number;
  collisionFlash: number;
}

export interface WorldSettings {
  gravity: number;
  /** On: stars feel gravity (each other's and planets') and merge with each other. Off: stars stay put. */
  starGravity: boolean;
}

const CUTOFF_SQ = NEIGHBOUR_CUTOFF * NEIGHBOUR_CUTOFF;
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
const HALF_STEP = SUB_STEP / 2;

/**
 * The N-body world: struct-of-arrays over typed arrays, index 0..count-1 live, removal by
 * swap with the last. Kick-drift-kick leapfrog with a fixed sub-step. Stars act on every
 * body at any distance; planets attract each other only within the neighbour cutoff,
 * found through a neighbour list built from a uniform grid (half stencil, each pair once,
 * so forces are exactly symmetric and momentum is conserved).
 */
export class GravityWorld {
  count = 0;
  capacity: number;
  id!: Int32Array;
  kind!: Uint8Array;
  type!: Uint8Array;
  x!: Float64Array;
  y!: Float64Array;
  vx!: Float64Array;
  vy!: Float64Array;
  ax!: Float64Array;
  ay!: Float64Array;
  mass!: Float64Array;
  radius!: Float64Array;
  color!: Uint32Array;
  /** Temperature for stars, density for planets. */
  warmth!: Float64Array;
  angularVelocity!: Float64Array;
  angle!: Float64Array;
  flash!: Int32Array;
  collides!: Uint8Array;
  /** Trail ring buffers live in slots so a swap-remove moves an index, not 400 floats. */
  trailSlot!: Int32Array;
  trail!: Float32Array;
  trailHead!: Int32Array;
  trailLen!: Int32Array;
  /** Planets' path trails (PATH_TRAIL_MAX_POINTS a slot), in the same slots as the trails. */
  pathTrail!: Float32Array;
  pathTrailHead!: Int32Array;
  pathTrailLen!: Int32Array;
  private freeSlots: number[] = [];
  private slotCount = 0;

  settings: WorldSettings = { gravity: DEFAULT_GRAVITY, starGravity: true };
  stepCount = 0;
  nextId = 1;
  /**
   * Bumped when anything but motion changes (bodies added/removed/merged/edited): what a
   * snapshot's metadata carries. Positions and velocities, drags included, do not bump it.
   */
  metaVersion = 0;
  /** A body held by a drag does not move. */
  heldId = -1;
  rng: Rng;
  private origins = new Map<number, BodyInit>();
  private forcesDirty = true;

  // Scratch for the planet pass, reused from step to step: planets sorted by grid cell.
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
  private listValid = false;
  private pairs = new Int32Array(64);
  private pairCount = 0;
  private stars = new Int32Array(0);
  // Scratch for merging.
  private alias = new Int32Array(0);
  private dead = new Int32Array(0);

  constructor(seed = 1, capacity = 64) {
    this.rng = createRng(seed);
    this.capacity = 0;
    this.grow(Math.max(8, capacity));
  }

  private grow(min: number): void {
    const cap = Math.max(min, this.capacity * 2);
    const f64 = (old: Float64Array | undefined) => {
      const a = new Float64Array(cap);
      if (old) a.set(old.subarray(0, this.count));
      return a;
    };
    this.id = copyInto(new Int32Array(cap), this.id, this.count);
    this.kind = copyInto(new Uint8Array(cap), this.kind, this.count);
    this.type = copyInto(new Uint8Array(cap), this.type, this.count);
    this.color = copyInto(new Uint32Array(cap), this.color, this.count);
    this.flash = copyInto(new Int32Array(cap), this.flash, this.count);
    this.collides = copyInto(new Uint8Array(cap), this.collides, this.count);
    this.trailSlot = copyInto(new Int32Array(cap), this.trailSlot, this.count);
    this.x = f64(this.x);
    this.y = f64(this.y);
    this.vx = f64(this.vx);
    this.vy = f64(this.vy);
    this.ax = f64(this.ax);
    this.ay = f64(this.ay);
    this.mass = f64(this.mass);
    this.radius = f64(this.radius);
    this.warmth = f64(this.warmth);
    this.angularVelocity = f64(this.angularVelocity);
    this.angle = f64(this.angle);
    const trail = new Float32Array(cap * TRAIL_MAX_POINTS * 2);
    if (this.trail) trail.set(this.trail);
    this.trail = trail;
    this.trailHead = copyInto(new Int32Array(cap), this.trailHead, this.capacity);
    this.trailLen = copyInto(new Int32Array(cap), this.trailLen, this.capacity);
    const pathTrail = new Float32Array(cap * PATH_TRAIL_MAX_POINTS * 2);
    if (this.pathTrail) pathTrail.set(this.pathTrail);
    this.pathTrail = pathTrail;
    this.pathTrailHead = copyInto(new Int32Array(cap), this.pathTrailHead, this.capacity);
    this.pathTrailLen = copyInto(new Int32Array(cap), this.pathTrailLen, this.capacity);
    this.capacity = cap;
  }

  // ---- bodies -------------------------------------------------------------------------

  addBody(init: BodyInit, origin: BodyInit = init): number {
    if (this.count === this.capacity) this.grow(this.count + 1);
    const i = this.count++;
    const id = this.nextId++;
    this.id[i] = id;
    this.trailSlot[i] = this.freeSlots.length ? this.freeSlots.pop()! : this.slotCount++;
    this.writeBody(i, init);
    this.angle[i] = 0;
    this.flash[i] = 0;
    this.trailHead[this.trailSlot[i]] = -1;
    this.trailLen[this.trailSlot[i]] = 0;
    this.pathTrailHead[this.trailSlot[i]] = -1;
    this.pathTrailLen[this.trailSlot[i]] = 0;
    this.origins.set(id, { ...origin });
    this.changed();
    return id;
  }

  private writeBody(i: number, b: BodyInit): void {
    this.kind[i] = b.kind;
    this.type[i] = b.type;
    this.x[i] = b.x;
    this.y[i] = b.y;
    this.vx[i] = b.vx;
    this.vy[i] = b.vy;
    this.ax[i] = 0;
    this.ay[i] = 0;
    this.mass[i] = Math.max(MASS_MIN, b.mass);
    this.radius[i] = Math.max(RADIUS_MIN, b.radius);
    if (b.kind === KIND_STAR) {
      const t = Math.max(TEMPERATURE_MIN, b.temperature ?? STAR_TYPES[b.type]?.temperature ?? 5800);
      this.warmth[i] = t;
      // A star's colour is its temperature's.
      this.color[i] = temperatureToColor(t);
      this.angularVelocity[i] = b.angularVelocity ?? STAR_TYPES[b.type]?.angularVelocity ?? 0.02;
      this.collides[i] = 1;
    } else {
      this.warmth[i] = b.density ?? PLANET_TYPES[b.type]?.density ?? 3;
      this.color[i] = b.color;
      this.angularVelocity[i] = b.angularVelocity ?? 0;
      this.collides[i] = b.collides === false ? 0 : 1;
    }
  }

  indexOf(id: number): number {
    const ids = this.id;
    for (let i = 0; i < this.count; i++) if (ids[i] === id) return i;
    return -1;
  }

  removeBody(id: number): boolean {
    const i = this.indexOf(id);
    if (i < 0) return false;
    this.origins.delete(id);
    this.removeAt(i);
    this.changed();
    return true;
  }

  private removeAt(i: number): void {
    if (this.id[i] === this.heldId) this.heldId = -1;
    this.freeSlots.push(this.trailSlot[i]);
    const last = --this.count;
    if (this.listValid) this.patchSorted(i, last);
    if (i !== last) this.moveIndex(last, i);
  }

  /** Body i leaves and the last body takes its index: the neighbour list follows (a merge). */
  private patchSorted(i: number, last: number): void {
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

  private moveIndex(from: number, to: number): void {
    this.id[to] = this.id[from];
    this.kind[to] = this.kind[from];
    this.type[to] = this.type[from];
    this.x[to] = this.x[from];
    this.y[to] = this.y[from];
    this.vx[to] = this.vx[from];
    this.vy[to] = this.vy[from];
    this.ax[to] = this.ax[from];
    this.ay[to] = this.ay[from];
    this.mass[to] = this.mass[from];
    this.radius[to] = this.radius[from];
    this.color[to] = this.color[from];
    this.warmth[to] = this.warmth[from];
    this.angularVelocity[to] = this.angularVelocity[from];
    this.angle[to] = this.angle[from];
    this.flash[to] = this.flash[from];
    this.collides[to] = this.collides[from];
    this.trailSlot[to] = this.trailSlot[from];
  }

  getBody(id: number): Body | null {
    const i = this.indexOf(id);
    if (i < 0) return null;
    const origin = this.origins.get(id);
    const star = this.kind[i] === KIND_STAR;
    return {
      id,
      kind: this.kind[i] as BodyKind,
      type: this.type[i],
      x: this.x[i],
      y: this.y[i],
      vx: this.vx[i],
      vy: this.vy[i],
      mass: this.mass[i],
      radius: this.radius[i],
      color: this.color[i],
      ...(star
        ? { temperature: this.warmth[i] }
        : { density: this.warmth[i], collides: this.collides[i] === 1 }),
      angularVelocity: this.angularVelocity[i],
      originalX: origin?.x ?? this.x[i],
      originalY: origin?.y ?? this.y[i],
      originalVx: origin?.vx ?? this.vx[i],
      originalVy: origin?.vy ?? this.vy[i],
      collisionFlash: this.flash[i],
    };
  }

  /** Every live body as plain data (share links, tests). */
  bodies(): Body[] {
    const out: Body[] = [];
    for (let i = 0; i < this.count; i++) out.push(this.getBody(this.id[i])!);
    return out;
  }

  /**
   * Edits from the details panel or a drag. Position/velocity edits also become the
   * body's original ones, so reset returns to the arrangement the user set up.
   */
  updateBody(id: number, patch: Partial<Omit<BodyInit, 'kind'>>): boolean {
    const i = this.indexOf(id);
    if (i < 0) return false;
    const origin = this.origins.get(id);
    if (patch.type !== undefined && patch.type !== this.type[i]) this.applyType(i, patch.type);
    if (patch.mass !== undefined && Number.isFinite(patch.mass))
      this.mass[i] = Math.max(MASS_MIN, patch.mass);
    if (patch.radius !== undefined && Number.isFinite(patch.radius))
      this.radius[i] = Math.max(RADIUS_MIN, patch.radius);
    if (patch.color !== undefined) this.color[i] = patch.color >>> 0;
    if (this.kind[i] === KIND_STAR && patch.temperature !== undefined && Number.isFinite(patch.temperature)) {
      this.warmth[i] = Math.max(TEMPERATURE_MIN, patch.temperature);
      this.color[i] = temperatureToColor(this.warmth[i]);
    }
    if (this.kind[i] === KIND_PLANET && patch.density !== undefined && Number.isFinite(patch.density))
      this.warmth[i] = Math.max(0.01, patch.density);
    if (patch.x !== undefined) this.x[i] = patch.x;
    if (patch.y !== undefined) this.y[i] = patch.y;
    if (patch.vx !== undefined) this.vx[i] = patch.vx;
    if (patch.vy !== undefined) this.vy[i] = patch.vy;
    if (origin) {
      const now = this.getBody(id)!;
      Object.assign(origin, {
        type: now.type,
        mass: now.mass,
        radius: now.radius,
        color: now.color,
        temperature: now.temperature,
        density: now.density,
      });
      if (patch.x !== undefined) origin.x = patch.x;
      if (patch.y !== undefined) origin.y = patch.y;
      if (patch.vx !== undefined) origin.vx = patch.vx;
      if (patch.vy !== undefined) origin.vy = patch.vy;
    }
    this.changed();
    return true;
  }

  /**
   * A drag: moves the body (and where reset puts it) without touching its metadata. It
   * leaves metaVersion alone on purpose: that tells a snapshot's receiver the bodies'
   * order or their ids, kinds, types, colours or masses changed (so the scene rebuilds
   * its display objects), and a drag changes none of them. The moved position still goes
   * out at once (the host marks the frame changed) and the details panel reads it from
   * getBody.
   */
  moveBody(id: number, x: number, y: number): boolean {
    const i = this.indexOf(id);
    if (i < 0) return false;
    this.x[i] = x;
    this.y[i] = y;
    const origin = this.origins.get(id);
    if (origin) {
      origin.x = x;
      origin.y = y;
    }
    this.forcesDirty = true;
    return true;
  }

  /** Changing type resets mass, radius, colour and density or temperature (spec §4). */
  private applyType(i: number, type: number): void {
    if (this.kind[i] === KIND_STAR) {
      const t = STAR_TYPES[type];
      if (!t) return;
      this.type[i] = type;
      this.mass[i] = t.mass;
      this.radius[i] = t.radius;
      this.warmth[i] = t.temperature;
      this.color[i] = temperatureToColor(t.temperature);
      this.angularVelocity[i] = t.angularVelocity;
    } else {
      const t = PLANET_TYPES[type];
      if (!t) return;
      this.type[i] = type;
      this.mass[i] = t.mass;
      this.radius[i] = t.radius;
      this.warmth[i] = t.density;
      this.color[i] = t.color;
    }
  }

  /** Removes every body (and the reset arrangement). */
  clear(): void {
    this.count = 0;
    this.freeSlots = [];
    this.slotCount = 0;
    this.origins.clear();
    this.heldId = -1;
    this.changed();
  }

  /** Puts back every body added since the last clear at its original position and velocity. */
  reset(): void {
    const origins = [...this.origins.values()];
    this.clear();
    for (const o of origins) this.addBody(o);
    this.stepCount = 0;
  }

  setSettings(patch: Partial<WorldSettings>): void {
    Object.assign(this.settings, patch);
    this.forcesDirty = true;
  }

  private changed(): void {
    this.metaVersion++;
    this.forcesDirty = true;
    this.listValid = false;
  }

  rngState(): [number, number, number, number] {
    return this.rng.state();
  }

  restoreRng(state: readonly [number, number, number, number]): void {
    this.rng = rngFromState(state);
  }

  // ---- simulation ---------------------------------------------------------------------

  /** Advances one sub-step (SUB_STEP of simulated time). */
  step(): void {
    if (this.forcesDirty) {
      this.computeForces();
      this.resolveCollisions();
    }
    const { x, y, vx, vy, ax, ay } = this;
    const n = this.count;
    if (this.anyPinned()) {
      for (let i = 0; i < n; i++) {
        if (this.isPinned(i)) continue;
        vx[i] += ax[i] * HALF_STEP;
        vy[i] += ay[i] * HALF_STEP;
        x[i] += vx[i] * SUB_STEP;
        y[i] += vy[i] * SUB_STEP;
      }
    } else {
      for (let i = 0; i < n; i++) {
        const vxi = vx[i] + ax[i] * HALF_STEP;
        const vyi = vy[i] + ay[i] * HALF_STEP;
        vx[i] = vxi;
        vy[i] = vyi;
        x[i] += vxi * SUB_STEP;
        y[i] += vyi * SUB_STEP;
      }
    }
    this.computeForces();
    this.resolveCollisions();
    // Merges may have removed bodies (and released or passed on the held one).
    const m = this.count;
    const { flash, angle, angularVelocity } = this;
    const pinned = this.anyPinned();
    for (let i = 0; i < m; i++) {
      if (!pinned || !this.isPinned(i)) {
        vx[i] += ax[i] * HALF_STEP;
        vy[i] += ay[i] * HALF_STEP;
      }
      if (flash[i] > 0) flash[i]--;
      angle[i] += angularVelocity[i] * SUB_STEP;
    }
    this.stepCount++;
    if (this.stepCount % TRAIL_EVERY_STEPS === 0) this.recordTrails();
    if (this.stepCount % PATH_TRAIL_EVERY_STEPS === 0) this.recordPathTrails();
  }

  /** Whether any body may be held still this step (a drag, or stars with star gravity off). */
  private anyPinned(): boolean {
    return this.heldId !== -1 || !this.settings.starGravity;
  }

  private isPinned(i: number): boolean {
    return (this.kind[i] === KIND_STAR && !this.settings.starGravity) || this.id[i] === this.heldId;
  }

  private recordTrails(): void {
    const { trail, trailHead, trailLen, trailSlot, x, y } = this;
    const n = this.count;
    for (let i = 0; i < n; i++) {
      const s = trailSlot[i];
      const head = trailHead[s] + 1 === TRAIL_MAX_POINTS ? 0 : trailHead[s] + 1;
      trailHead[s] = head;
      if (trailLen[s] < TRAIL_MAX_POINTS) trailLen[s]++;
      const o = (s * TRAIL_MAX_POINTS + head) * 2;
      trail[o] = x[i];
      trail[o + 1] = y[i];
    }
  }

  /** The planets' longer, sparser path trails (stars keep none). */
  private recordPathTrails(): void {
    const { pathTrail, pathTrailHead, pathTrailLen, trailSlot, kind, x, y } = this;
    const n = this.count;
    for (let i = 0; i < n; i++) {
      if (kind[i] !== KIND_PLANET) continue;
      const s = trailSlot[i];
      const head = pathTrailHead[s] + 1 === PATH_TRAIL_MAX_POINTS ? 0 : pathTrailHead[s] + 1;
      pathTrailHead[s] = head;
      if (pathTrailLen[s] < PATH_TRAIL_MAX_POINTS) pathTrailLen[s]++;
      const o = (s * PATH_TRAIL_MAX_POINTS + head) * 2;
      pathTrail[o] = x[i];
      pathTrail[o + 1] = y[i];
    }
  }

  /** Fills ax/ay from the current positions and collects overlapping pairs. */
  computeForces(): void {
    this.forcesDirty = false;
    this.pairCount = 0;
    const n = this.count;
    const { x, y, ax, ay, mass, radius, kind } = this;
    const G = this.settings.gravity;
    const starGravity = this.settings.starGravity;
    ax.fill(0, 0, n);
    ay.fill(0, 0, n);
    if (this.stars.length < n) this.stars = new Int32Array(this.capacity);
    const stars = this.stars;
    let starCount = 0;
    for (let i = 0; i < n; i++) if (kind[i] === KIND_STAR) stars[starCount++] = i;
    // Stars act on every body at any distance: few stars × all bodies, a loop of its own.
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
        if (d2 < rr * rr && (!isStar || starGravity)) this.pushPair(s, j);
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
    if (n - starCount > 1) this.planetForces(n - starCount, G);
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
  private planetForces(planets: number, G: number): void {
    let listed = this.listValid && this.refreshSorted();
    if (!listed) {
      this.sortPlanets(planets);
      listed = this.buildNeighbours();
      this.listValid = listed;
    }
    const sorted = this.sortedCount;
    this.sAcc.fill(0, 0, sorted * 2);
    if (listed) this.listForces();
    else this.gridForces();
    const { ax, ay, sIdx, sAcc } = this;
    for (let k = 0; k < sorted; k++) {
      const i = sIdx[k];
      if (i < 0) continue;
      ax[i] += G * sAcc[k * 2];
      ay[i] += G * sAcc[k * 2 + 1];
    }
  }

  /**
   * Counting sort of the planets by grid cell into the packed copies (cells of a row
   * contiguous, world order kept within a cell), and where each drifts from.
   */
  private sortPlanets(planets: number): void {
    const n = this.count;
    const { x, y, kind, mass, radius } = this;
    if (this.sIdx.length < planets) {
      const cap = Math.max(planets, this.sIdx.length * 2);
      this.sIdx = new Int32Array(cap);
      this.sCell = new Int32Array(cap);
      this.sBody = new Float64Array(cap * 4);
      this.sHome = new Float64Array(cap * 2);
      this.sAcc = new Float64Array(cap * 2);
      this.nbStart = new Int32Array(cap + 1);
    }
    if (this.sortedOf.length < this.capacity) this.sortedOf = new Int32Array(this.capacity);
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
  private refreshSorted(): boolean {
    const { x, y, mass, radius, sIdx, sBody, sHome } = this;
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
  private buildNeighbours(): boolean {
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

  /** Sums over the neighbour list, testing the exact cutoff per pair. */
  private listForces(): void {
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
          if (d2 < rr * rr) this.pushPair(sIdx[a], sIdx[b]);
        }
      }
      sAcc[oa >> 1] += axa;
      sAcc[(oa >> 1) + 1] += aya;
    }
  }

  /** Sums straight over the grid's stencil, for when the list would be too big. */
  private gridForces(): void {
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
                if (d2 < rr * rr) this.pushPair(sIdx[a], sIdx[b]);
              }
            }
          }
          sAcc[a * 2] += axa;
          sAcc[a * 2 + 1] += aya;
        }
      }
    }
  }

  private pushPair(i: number, j: number): void {
    if (this.pairCount * 2 + 2 > this.pairs.length) {
      const next = new Int32Array(this.pairs.length * 2);
      next.set(this.pairs);
      this.pairs = next;
    }
    this.pairs[this.pairCount * 2] = i;
    this.pairs[this.pairCount * 2 + 1] = j;
    this.pairCount++;
  }

  /**
   * Merges overlapping pairs: the heavier survives (ties: the older id), momentum is
   * conserved, radius grows by a quarter of the other's, a planet survivor changes colour
   * 80% of the time, and both flash for 60 steps. The survivor's acceleration becomes the
   * mass-weighted mean (the force on the whole is the sum of the forces on its parts).
   */
  private resolveCollisions(): void {
    const pairCount = this.pairCount;
    if (pairCount === 0) return;
    this.pairCount = 0;
    const { mass, vx, vy, ax, ay, radius, kind, collides, id, pairs } = this;
    if (this.alias.length < this.capacity) {
      this.alias = new Int32Array(this.capacity).fill(-1);
      this.dead = new Int32Array(this.capacity);
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
      if (kind[i] === KIND_PLANET && this.rng.next() < MERGE_COLOUR_CHANGE_CHANCE) {
        this.color[i] = hslToColor(
          this.rng.range(0, 360),
          this.rng.range(0.45, 0.8),
          this.rng.range(0.5, 0.68),
        );
      }
      this.flash[i] = MERGE_FLASH_STEPS;
      if (id[j] === this.heldId) this.heldId = id[i];
      alias[j] = i;
      dead[deadCount++] = j;
    }
    if (deadCount === 0) return;
    const gone = dead.subarray(0, deadCount).sort();
    for (let k = 0; k < deadCount; k++) alias[gone[k]] = -1;
    // Remove from the highest index down so swap-with-last never moves a dead body into a hole.
    for (let k = deadCount - 1; k >= 0; k--) this.removeAt(gone[k]);
    this.metaVersion++;
  }

  // ---- measures (tests, HUD) ----------------------------------------------------------

  momentum(): { px: number; py: number } {
    return momentumOf(this.mass, this.vx, this.vy, this.count);
  }

  totalMass(): number {
    let m = 0;
    for (let i = 0; i < this.count; i++) m += this.mass[i];
    return m;
  }

  /**
   * Kinetic plus softened potential energy over the pairs that interact (all pairs with a
   * star; planet pairs within the cutoff). O(n²): for tests only.
   */
  energy(): number {
    const { x, y, vx, vy, mass, kind } = this;
    const G = this.settings.gravity;
    let e = 0;
    for (let i = 0; i < this.count; i++) {
      e += 0.5 * mass[i] * (vx[i] * vx[i] + vy[i] * vy[i]);
      for (let j = i + 1; j < this.count; j++) {
        const dx = x[j] - x[i];
        const dy = y[j] - y[i];
        const d2 = dx * dx + dy * dy;
        const anyStar = kind[i] === KIND_STAR || kind[j] === KIND_STAR;
        if (!anyStar && d2 >= CUTOFF_SQ) continue;
        e -= (G * mass[i] * mass[j]) / Math.sqrt(d2 + SOFTENING_SQ);
      }
    }
    return e;
  }
}

function copyInto<T extends Int32Array | Uint8Array | Uint32Array>(
  fresh: T,
  old: T | undefined,
  n: number,
): T {
  if (old) fresh.set(old.subarray(0, n) as never);
  return fresh;
}
