import { createRng, type Rng, rngFromState } from '../../../lib/pure/rng.ts';
import {
  type BodyKind,
  KIND_PLANET,
  KIND_STAR,
  PLANET_TYPES,
  STAR_TYPES,
  temperatureToColor,
} from './bodyTypes.ts';
import {
  DEFAULT_GRAVITY,
  MASS_MIN,
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
import { Merger } from './merging.ts';
import { CUTOFF_SQ, PlanetNeighbours } from './neighbourList.ts';

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

  private readonly neighbours = new PlanetNeighbours();
  private readonly merger = new Merger();
  private stars = new Int32Array(0);

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
    if (this.neighbours.valid) this.neighbours.patch(i, last);
    if (i !== last) this.moveIndex(last, i);
  }

  /** Body i leaves and the last body takes its index: the neighbour list follows (a merge). */
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
    this.neighbours.valid = false;
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
    const touching = this.merger.touching;
    touching.count = 0;
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
    if (n - starCount > 1) this.neighbours.addForces(this, n - starCount, G, touching);
  }

  /** Sums over the neighbour list, testing the exact cutoff per pair. */
  /** Sums straight over the grid's stencil, for when the list would be too big. */
  /** Merges the pairs the force pass found touching (see Merger.merge). */
  private resolveCollisions(): void {
    const gone = this.merger.merge(this);
    if (gone === null) return;
    // Remove from the highest index down so swap-with-last never moves a dead body into a hole.
    for (let k = gone.length - 1; k >= 0; k--) this.removeAt(gone[k]);
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
