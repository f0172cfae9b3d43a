import { createRng, type Rng, rngFromState } from '../../../lib/pure/rng.ts';
import { BodyArrays } from './bodyArrays.ts';
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
  RADIUS_MIN,
  SUB_STEP,
  TEMPERATURE_MIN,
  TRAIL_EVERY_STEPS,
} from './constants.ts';
import { energyOf, momentumOf } from './measures.ts';
import { Merger } from './merging.ts';
import { PlanetNeighbours } from './neighbourList.ts';
import { StarForces } from './starForces.ts';
import { recordPathTrails, recordTrails } from './trails.ts';

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
 * The N-body world: its bodies (BodyArrays) and how they move. Kick-drift-kick leapfrog
 * with a fixed sub-step. Stars act on every body at any distance (StarForces); planets
 * attract each other only within the neighbour cutoff, found through a neighbour list
 * built from a uniform grid (PlanetNeighbours: half stencil, each pair once, so forces are
 * exactly symmetric and momentum is conserved).
 */
export class GravityWorld extends BodyArrays {
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

  private readonly starForces = new StarForces();
  private readonly neighbours = new PlanetNeighbours();
  private readonly merger = new Merger();

  constructor(seed = 1, capacity = 64) {
    super(capacity);
    this.rng = createRng(seed);
  }

  // ---- bodies -------------------------------------------------------------------------

  addBody(init: BodyInit, origin: BodyInit = init): number {
    const id = this.nextId++;
    this.writeBody(this.appendIndex(id), init);
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
    // The last body takes index i: the neighbour list follows it (a merge).
    if (this.neighbours.valid) this.neighbours.patch(i, this.count - 1);
    this.removeIndex(i);
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
    this.removeAll();
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
    if (this.stepCount % TRAIL_EVERY_STEPS === 0) recordTrails(this);
    if (this.stepCount % PATH_TRAIL_EVERY_STEPS === 0) recordPathTrails(this);
  }

  /** Whether any body may be held still this step (a drag, or stars with star gravity off). */
  private anyPinned(): boolean {
    return this.heldId !== -1 || !this.settings.starGravity;
  }

  private isPinned(i: number): boolean {
    return (this.kind[i] === KIND_STAR && !this.settings.starGravity) || this.id[i] === this.heldId;
  }

  /** Fills ax/ay from the current positions and collects overlapping pairs. */
  computeForces(): void {
    this.forcesDirty = false;
    const touching = this.merger.touching;
    touching.count = 0;
    const n = this.count;
    const G = this.settings.gravity;
    this.ax.fill(0, 0, n);
    this.ay.fill(0, 0, n);
    const planets = this.starForces.addForces(this, G, this.settings.starGravity, touching);
    if (planets > 1) this.neighbours.addForces(this, planets, G, touching);
  }

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

  /** Kinetic plus softened potential energy (see energyOf): for tests only. */
  energy(): number {
    return energyOf(this, this.settings.gravity);
  }
}
