import { clamp } from '../../../lib/pure/math.ts';
import type { HostClock } from '../../../lib/runtime/clock.ts';
import { FixedStepLoop, StepAccumulator } from '../../../lib/runtime/FixedStepLoop.ts';
import { SnapshotRequests } from '../../../lib/runtime/SnapshotRequests.ts';
import type { MarkTransfer, SnapshotSource } from '../../../lib/runtime/workerEntries.ts';
import {
  KIND_PLANET,
  KIND_STAR,
  PLANET_TYPE_ROCKY,
  PLANET_TYPES,
  STAR_TYPE_G,
  STAR_TYPES,
  temperatureToColor,
} from '../engine/bodyTypes.ts';
import {
  DEFAULT_GRAVITY,
  DEFAULT_TIME_SPEED,
  GRAVITY_MAX,
  GRAVITY_MIN,
  SIM_FRAME_HZ,
  SUBSTEPS_PER_FRAME,
  TIME_SPEED_MAX,
  TIME_SPEED_MIN,
} from '../engine/constants.ts';
import { GALAXY_BODIES, GALAXY_PRESET_ID, GALAXY_ZOOM, GalaxyWorld } from '../engine/galaxy.ts';
import {
  DEFAULT_PRESET_ID,
  findPreset,
  loadScenario,
  type Scenario,
  type ScenarioSettings,
} from '../engine/presets.ts';
import { decodeScenario, encodeScenario } from '../engine/shareCodec.ts';
import { type Snapshot, type SnapshotBuffers, transferablesOf, writeSnapshot } from '../engine/snapshot.ts';
import { type Body, type BodyInit, GravityWorld } from '../engine/world.ts';
import type { WorldPoint } from '../scene/camera.ts';

export type { HostClock, MarkTransfer };

export interface HostSettings {
  gravity: number;
  timeSpeed: number;
  starGravity: boolean;
  trails: boolean;
  /** The planets' path trails (longer, thinner). */
  pathTrails: boolean;
  running: boolean;
}

export type BodyPatch = Partial<Omit<BodyInit, 'kind'>>;

const TICK_MS = 1000 / SIM_FRAME_HZ;
/** Longest catch-up after a stall: two frames at top speed, then time is dropped. */
const MAX_STEPS_PER_TICK = Math.ceil(SUBSTEPS_PER_FRAME * TIME_SPEED_MAX * 2);

/**
 * Runs a GravityWorld on its own clock (the worker's), and hands out snapshots: each
 * `nextSnapshot` call fills the buffers it is given (and gives them back, transferred)
 * once the world has changed since the last one, so the page gets at most one per
 * frame it asks for and never a stale repeat. Everything here is plumbing between the
 * page and the engine: the rules live in the engine.
 */
export class GravityHost {
  private world = new GravityWorld(1);
  /** The Galaxy mode's world; while it is set, the small world stays empty. */
  private galaxy: GalaxyWorld | null = null;
  private settings: HostSettings = {
    gravity: DEFAULT_GRAVITY,
    timeSpeed: DEFAULT_TIME_SPEED,
    starGravity: true,
    trails: true,
    pathTrails: true,
    running: true,
  };
  private visible = true;
  private readonly loop: FixedStepLoop;
  private readonly steps = new StepAccumulator(MAX_STEPS_PER_TICK);
  /** The Galaxy's share of a step per tick (its time speed), kept between ticks. */
  private galaxyCarry = 0;
  /** A body the player added goes to the scene at once, asked for or not. */
  private readonly snapshots = new SnapshotRequests<SnapshotBuffers, Snapshot>(
    (buffers) => this.snapshot(buffers),
    () => true,
    () => this.lastInput,
  );
  private deliveredMeta = -1;
  /** The newest input (`markInput` number) the world has applied: every snapshot carries it. */
  private lastInput = 0;
  private readonly clock: HostClock;
  private readonly markTransfer: MarkTransfer;

  /** Stars in the Galaxy preset (fewer in tests). */
  private readonly galaxyBodies: number;

  constructor(options: {
    clock: HostClock;
    markTransfer?: MarkTransfer;
    seed?: number;
    galaxyBodies?: number;
  }) {
    this.clock = options.clock;
    this.loop = new FixedStepLoop({
      clock: this.clock,
      tickMs: TICK_MS,
      shouldRun: () => this.visible && this.settings.running,
      tick: this.tick,
      // The Galaxy's step is longer than a tick: a tick's rest after each, as it always had.
      restMs: () => (this.galaxy ? TICK_MS : 0),
    });
    this.galaxyBodies = options.galaxyBodies ?? GALAXY_BODIES;
    this.markTransfer = options.markTransfer ?? ((v) => v);
    if (options.seed !== undefined) this.world = new GravityWorld(options.seed);
  }

  // ---- scenario ------------------------------------------------------------------------

  /** Loads a preset by id; null (and nothing changes) when there is no such preset. */
  loadPreset(id: string = DEFAULT_PRESET_ID): ScenarioSettings | null {
    if (id === GALAXY_PRESET_ID) return this.loadGalaxy();
    const preset = findPreset(id);
    return preset ? this.load(preset.build()) : null;
  }

  /** Loads a share link's scenario; null (and nothing changes) when it is malformed. */
  loadShared(encoded: string): ScenarioSettings | null {
    const scenario = decodeScenario(encoded);
    return scenario ? this.load(scenario) : null;
  }

  /** The Galaxy preset: 100,000 stars run by the tree method, in place of the small world. */
  private loadGalaxy(): ScenarioSettings {
    this.world.clear();
    this.galaxy = new GalaxyWorld(this.galaxyBodies, 1);
    const settings: ScenarioSettings = {
      gravity: DEFAULT_GRAVITY,
      timeSpeed: DEFAULT_TIME_SPEED,
      starGravity: true,
      trails: false,
      pathTrails: false,
      zoom: GALAXY_ZOOM,
    };
    const { gravity, timeSpeed, starGravity, trails, pathTrails } = settings;
    Object.assign(this.settings, { gravity, timeSpeed, starGravity, trails, pathTrails });
    this.world.setSettings({ gravity: settings.gravity, starGravity: true });
    this.steps.reset();
    this.galaxyCarry = 0;
    this.changed();
    return settings;
  }

  private load(scenario: Scenario): ScenarioSettings {
    this.galaxy = null;
    loadScenario(this.world, scenario);
    const { gravity, timeSpeed, starGravity, trails, pathTrails } = scenario.settings;
    Object.assign(this.settings, { gravity, timeSpeed, starGravity, trails, pathTrails });
    this.steps.reset();
    this.changed();
    return { ...scenario.settings };
  }

  /** The current bodies and settings, encoded for a share link. */
  share(zoom: number): string {
    const { gravity, timeSpeed, starGravity, trails, pathTrails } = this.settings;
    return encodeScenario({
      settings: { gravity, timeSpeed, starGravity, trails, pathTrails, zoom },
      bodies: this.world.bodies(),
    });
  }

  reset(): void {
    if (this.galaxy) this.galaxy = new GalaxyWorld(this.galaxy.count, this.galaxy.seed);
    this.world.reset();
    this.changed();
  }

  clear(): void {
    this.galaxy = null;
    this.world.clear();
    this.changed();
  }

  getSettings(): HostSettings {
    return { ...this.settings };
  }

  setSettings(patch: Partial<HostSettings>): HostSettings {
    const s = this.settings;
    if (patch.gravity !== undefined && Number.isFinite(patch.gravity))
      s.gravity = clamp(patch.gravity, GRAVITY_MIN, GRAVITY_MAX);
    if (patch.timeSpeed !== undefined && Number.isFinite(patch.timeSpeed))
      s.timeSpeed = clamp(patch.timeSpeed, TIME_SPEED_MIN, TIME_SPEED_MAX);
    if (patch.starGravity !== undefined) s.starGravity = patch.starGravity;
    if (patch.trails !== undefined) s.trails = patch.trails;
    if (patch.pathTrails !== undefined) s.pathTrails = patch.pathTrails;
    if (patch.running !== undefined) s.running = patch.running;
    this.world.setSettings({ gravity: s.gravity, starGravity: s.starGravity });
    if (this.galaxy && this.galaxy.gravity !== s.gravity) this.galaxy.setGravity(s.gravity);
    this.changed();
    return { ...s };
  }

  /** The page is hidden or shown: nothing runs while hidden. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    this.schedule();
  }

  // ---- bodies --------------------------------------------------------------------------

  /**
   * A Rocky planet, on a circular orbit around the star pulling hardest there (if any).
   * `input`: the page's number for the player's action (`markInput`), carried in the snapshots
   * from now on so the scene can say which frame first shows the new body.
   */
  addPlanet(at: WorldPoint, input = 0): number {
    // The Galaxy's stars are all alike and many: no single bodies are added to it.
    if (this.galaxy) return -1;
    this.noteInput(input);
    const { x, y } = at;
    const t = PLANET_TYPES[PLANET_TYPE_ROCKY];
    const { vx, vy } = this.circularVelocityAt(x, y);
    const id = this.world.addBody({
      kind: KIND_PLANET,
      type: PLANET_TYPE_ROCKY,
      x,
      y,
      vx,
      vy,
      mass: t.mass,
      radius: t.radius,
      density: t.density,
      color: t.color,
    });
    this.changed();
    return id;
  }

  /** A G-type star at rest (`input` as for addPlanet). */
  addStar(at: WorldPoint, input = 0): number {
    if (this.galaxy) return -1;
    this.noteInput(input);
    const { x, y } = at;
    const t = STAR_TYPES[STAR_TYPE_G];
    const id = this.world.addBody({
      kind: KIND_STAR,
      type: STAR_TYPE_G,
      x,
      y,
      vx: 0,
      vy: 0,
      mass: t.mass,
      radius: t.radius,
      temperature: t.temperature,
      color: temperatureToColor(t.temperature),
      angularVelocity: t.angularVelocity,
    });
    this.changed();
    return id;
  }

  private noteInput(input: number): void {
    if (Number.isFinite(input) && input > this.lastInput) this.lastInput = input;
  }

  /**
   * Circular-orbit velocity at (x, y): around the star pulling hardest there, or around
   * all stars' centre of mass when the point lies well outside them (a circumbinary orbit).
   */
  private circularVelocityAt(x: number, y: number): { vx: number; vy: number } {
    const w = this.world;
    let best = -1;
    let bestPull = 0;
    let m = 0;
    let cx = 0;
    let cy = 0;
    let cvx = 0;
    let cvy = 0;
    for (let i = 0; i < w.count; i++) {
      if (w.kind[i] !== KIND_STAR) continue;
      const d2 = (w.x[i] - x) ** 2 + (w.y[i] - y) ** 2;
      const pull = w.mass[i] / Math.max(d2, 1);
      if (pull > bestPull) {
        bestPull = pull;
        best = i;
      }
      m += w.mass[i];
      cx += w.mass[i] * w.x[i];
      cy += w.mass[i] * w.y[i];
      cvx += w.mass[i] * w.vx[i];
      cvy += w.mass[i] * w.vy[i];
    }
    if (best < 0) return { vx: 0, vy: 0 };
    cx /= m;
    cy /= m;
    let spread = 0;
    for (let i = 0; i < w.count; i++) {
      if (w.kind[i] === KIND_STAR) spread = Math.max(spread, Math.hypot(w.x[i] - cx, w.y[i] - cy));
    }
    const outside = Math.hypot(x - cx, y - cy) > 3 * spread;
    const centre = outside
      ? { x: cx, y: cy, vx: cvx / m, vy: cvy / m, mass: m }
      : { x: w.x[best], y: w.y[best], vx: w.vx[best], vy: w.vy[best], mass: w.mass[best] };
    const dx = x - centre.x;
    const dy = y - centre.y;
    const r = Math.max(Math.hypot(dx, dy), 1);
    const v = Math.sqrt((this.settings.gravity * centre.mass) / r);
    // Same sense as the presets' orbits.
    return { vx: centre.vx + (v * dy) / r, vy: centre.vy - (v * dx) / r };
  }

  /** Start of a drag: the body stops moving until released. */
  grab(id: number): void {
    this.world.heldId = id;
  }

  moveBody(id: number, to: WorldPoint): void {
    if (this.world.moveBody(id, to.x, to.y)) this.changed();
  }

  release(): void {
    this.world.heldId = -1;
  }

  updateBody(id: number, patch: BodyPatch): Body | null {
    this.world.updateBody(id, patch);
    this.changed();
    return this.world.getBody(id);
  }

  deleteBody(id: number): void {
    this.world.removeBody(id);
    this.changed();
  }

  getBody(id: number): Body | null {
    return this.world.getBody(id);
  }

  /**
   * The body under a world point (within `slop` world units of its edge), or null: the
   * page's hit test for a press, asked here because the bodies are here.
   */
  bodyAt(at: WorldPoint, slop: number): number | null {
    const w = this.world;
    const { x, y } = at;
    let best: number | null = null;
    let bestGap = Number.POSITIVE_INFINITY;
    for (let i = 0; i < w.count; i++) {
      const gap = Math.hypot(w.x[i] - x, w.y[i] - y) - Math.max(w.radius[i], 0);
      if (gap <= slop && gap < bestGap) {
        bestGap = gap;
        best = w.id[i];
      }
    }
    return best;
  }

  /** Body ids in the engine's order (the keyboard's next and previous body). */
  bodyIds(): number[] {
    return Array.from(this.world.id.subarray(0, this.world.count));
  }

  // ---- frames --------------------------------------------------------------------------

  /**
   * Fills `buffers` (or new ones when null or too small) with the next state the page has
   * not seen, transferring them back. Waits for the clock when nothing has changed.
   */
  nextSnapshot(buffers: SnapshotBuffers | null): Promise<Snapshot> {
    const next = this.snapshots.next(buffers);
    this.schedule();
    return next;
  }

  /**
   * A new renderer reads the snapshots: the one waiting goes to the old reader, and the
   * next carries the metadata again (the new one has none).
   */
  newReader(): void {
    this.snapshots.newReader();
    this.deliveredMeta = -1;
  }

  /** The reader served last takes a snapshot showing a new input at once (SnapshotRequests). */
  sendUnaskedSnapshots(send: (snapshot: Snapshot) => void): void {
    this.snapshots.sendUnaskedTo(send);
  }

  private snapshot(buffers: SnapshotBuffers | null): Snapshot {
    const s = writeSnapshot(
      this.world,
      buffers,
      this.settings.trails,
      this.deliveredMeta,
      this.galaxy,
      this.settings.pathTrails,
    );
    s.input = this.lastInput;
    this.deliveredMeta = s.metaVersion;
    const transfer = transferablesOf(s.buffers) as Transferable[];
    if (s.meta) transfer.push(...(Object.values(s.meta).map((a) => a.buffer) as Transferable[]));
    return this.markTransfer(s, transfer);
  }

  private changed(): void {
    this.snapshots.changed();
    this.schedule();
  }

  // ---- clock ---------------------------------------------------------------------------

  private schedule(): void {
    this.loop.schedule();
  }

  private readonly tick = (elapsedMs: number): void => {
    if (this.galaxy) {
      this.tickGalaxy(this.galaxy);
      return;
    }
    const steps = this.steps.add(
      (elapsedMs / 1000) * SIM_FRAME_HZ * SUBSTEPS_PER_FRAME * this.settings.timeSpeed,
    );
    for (let i = 0; i < steps; i++) this.world.step();
    if (steps > 0) this.snapshots.changed();
  };

  /**
   * A galaxy step costs far more than a frame, so the Galaxy runs at most one step a tick
   * (as many a second as the machine manages); time speeds below 1 skip ticks.
   */
  private tickGalaxy(galaxy: GalaxyWorld): void {
    this.galaxyCarry = Math.min(1, this.galaxyCarry + this.settings.timeSpeed);
    if (this.galaxyCarry < 1) return;
    this.galaxyCarry -= 1;
    galaxy.step();
    this.snapshots.changed();
  }

  /** Stops the clock for good. */
  dispose(): void {
    this.loop.dispose();
  }

  /** Counts for tests and the HUD. */
  stats(): { bodies: number; step: number } {
    if (this.galaxy) return { bodies: this.galaxy.count, step: this.galaxy.stepCount };
    return { bodies: this.world.count, step: this.world.stepCount };
  }
}

/** What the gravity worker serves the page: the host, and its snapshots on a port of their own. */
export type GravityPhysicsApi = GravityHost & SnapshotSource;
