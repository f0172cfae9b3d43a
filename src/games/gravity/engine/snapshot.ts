import { KIND_PLANET } from './bodyTypes.ts';
import { PATH_TRAIL_MAX_POINTS, TRAIL_MAX_POINTS } from './constants.ts';
import type { GalaxyWorld } from './galaxy.ts';
import type { GravityWorld } from './world.ts';

/**
 * What crosses the worker boundary each frame: flat typed arrays only, no per-body objects.
 * The same buffers travel back and forth (ping-pong) so steady state allocates nothing.
 */
export const BODY_STRIDE = 7;
/** Offsets inside a body's stride in `bodies`. */
export const B_X = 0;
export const B_Y = 1;
export const B_VX = 2;
export const B_VY = 3;
export const B_RADIUS = 4;
/** Merge flash left, 1 → 0. */
export const B_FLASH = 5;
export const B_ANGLE = 6;

export interface SnapshotBuffers {
  bodies: Float32Array;
  ids: Int32Array;
  /** Trails oldest → newest, TRAIL_MAX_POINTS (x, y) per body; empty when trails are off. */
  trails: Float32Array;
  trailLen: Int16Array;
  /** Planets' path trails oldest → newest, PATH_TRAIL_MAX_POINTS (x, y) per body; empty when off. */
  pathTrails: Float32Array;
  pathTrailLen: Int16Array;
  /** Galaxy mode: every star's position as x, y; empty otherwise. */
  galaxy: Float32Array;
}

/** Metadata that changes rarely: sent only when `metaVersion` moved on since the last snapshot. */
export interface SnapshotMeta {
  ids: Int32Array;
  kind: Uint8Array;
  type: Uint8Array;
  color: Uint32Array;
  mass: Float32Array;
}

export interface Snapshot {
  buffers: SnapshotBuffers;
  count: number;
  step: number;
  metaVersion: number;
  meta: SnapshotMeta | null;
  trailsIncluded: boolean;
  pathTrailsIncluded: boolean;
  /** Stars in `buffers.galaxy` (0 outside the Galaxy mode). */
  galaxyCount: number;
  /**
   * The newest player input (the page's `markInput` number) applied to the world this
   * snapshot shows, 0 for none; the host sets it (the engine knows nothing of input).
   */
  input?: number;
}

export function createSnapshotBuffers(
  capacity: number,
  withTrails: boolean,
  withPathTrails = false,
): SnapshotBuffers {
  return {
    bodies: new Float32Array(capacity * BODY_STRIDE),
    ids: new Int32Array(capacity),
    trails: new Float32Array(withTrails ? capacity * TRAIL_MAX_POINTS * 2 : 0),
    trailLen: new Int16Array(withTrails ? capacity : 0),
    pathTrails: new Float32Array(withPathTrails ? capacity * PATH_TRAIL_MAX_POINTS * 2 : 0),
    pathTrailLen: new Int16Array(withPathTrails ? capacity : 0),
    galaxy: new Float32Array(0),
  };
}

/** Every buffer of a snapshot, for postMessage's transfer list. */
export function transferablesOf(buffers: SnapshotBuffers): ArrayBuffer[] {
  return [
    buffers.bodies.buffer,
    buffers.ids.buffer,
    buffers.trails.buffer,
    buffers.trailLen.buffer,
    buffers.pathTrails.buffer,
    buffers.pathTrailLen.buffer,
    buffers.galaxy.buffer,
  ] as ArrayBuffer[];
}

/**
 * Writes the world's state into `buffers` (replaced by bigger ones when too small) and
 * returns the snapshot. `lastMetaVersion` is what the receiver already has.
 */
export function writeSnapshot(
  world: GravityWorld,
  given: SnapshotBuffers | null,
  withTrails: boolean,
  lastMetaVersion: number,
  galaxy: GalaxyWorld | null = null,
  withPathTrails = false,
): Snapshot {
  const n = world.count;
  let buffers = given;
  if (
    !buffers ||
    buffers.ids.length < n ||
    (withTrails && buffers.trailLen.length < n) ||
    (!withTrails && buffers.trails.length > 0) ||
    (withPathTrails && buffers.pathTrailLen.length < n) ||
    (!withPathTrails && buffers.pathTrails.length > 0)
  ) {
    buffers = createSnapshotBuffers(Math.max(16, Math.ceil(n * 1.25)), withTrails, withPathTrails);
  }
  const galaxyFloats = galaxy ? galaxy.count * 2 : 0;
  if (buffers.galaxy.length !== galaxyFloats) buffers.galaxy = new Float32Array(galaxyFloats);
  if (galaxy) galaxy.writePositions(buffers.galaxy);
  const { bodies, ids, trails, trailLen } = buffers;
  const { x, y, vx, vy, radius, flash, angle, id } = world;
  for (let i = 0; i < n; i++) {
    const o = i * BODY_STRIDE;
    bodies[o + B_X] = x[i];
    bodies[o + B_Y] = y[i];
    bodies[o + B_VX] = vx[i];
    bodies[o + B_VY] = vy[i];
    bodies[o + B_RADIUS] = radius[i];
    bodies[o + B_FLASH] = flash[i] / 60;
    bodies[o + B_ANGLE] = angle[i];
    ids[i] = id[i];
  }
  if (withTrails) {
    const src = world.trail;
    for (let i = 0; i < n; i++) {
      const slot = world.trailSlot[i];
      const len = world.trailLen[slot];
      const head = world.trailHead[slot];
      trailLen[i] = len;
      const out = i * TRAIL_MAX_POINTS * 2;
      const base = slot * TRAIL_MAX_POINTS * 2;
      // Oldest point first: the ring starts just after head once full.
      const start = len < TRAIL_MAX_POINTS ? 0 : (head + 1) % TRAIL_MAX_POINTS;
      const firstRun = Math.min(len, TRAIL_MAX_POINTS - start);
      trails.set(src.subarray(base + start * 2, base + (start + firstRun) * 2), out);
      if (firstRun < len) trails.set(src.subarray(base, base + (len - firstRun) * 2), out + firstRun * 2);
    }
  }
  if (withPathTrails) {
    const { pathTrails, pathTrailLen } = buffers;
    const src = world.pathTrail;
    for (let i = 0; i < n; i++) {
      const slot = world.trailSlot[i];
      const len = world.kind[i] === KIND_PLANET ? world.pathTrailLen[slot] : 0;
      const head = world.pathTrailHead[slot];
      pathTrailLen[i] = len;
      if (len === 0) continue;
      const out = i * PATH_TRAIL_MAX_POINTS * 2;
      const base = slot * PATH_TRAIL_MAX_POINTS * 2;
      const start = len < PATH_TRAIL_MAX_POINTS ? 0 : (head + 1) % PATH_TRAIL_MAX_POINTS;
      const firstRun = Math.min(len, PATH_TRAIL_MAX_POINTS - start);
      pathTrails.set(src.subarray(base + start * 2, base + (start + firstRun) * 2), out);
      if (firstRun < len) pathTrails.set(src.subarray(base, base + (len - firstRun) * 2), out + firstRun * 2);
    }
  }
  let meta: SnapshotMeta | null = null;
  if (world.metaVersion !== lastMetaVersion) {
    meta = {
      ids: world.id.slice(0, n),
      kind: world.kind.slice(0, n),
      type: world.type.slice(0, n),
      color: world.color.slice(0, n),
      mass: Float32Array.from(world.mass.subarray(0, n)),
    };
  }
  return {
    buffers,
    count: n,
    step: galaxy ? galaxy.stepCount : world.stepCount,
    metaVersion: world.metaVersion,
    meta,
    trailsIncluded: withTrails,
    pathTrailsIncluded: withPathTrails,
    galaxyCount: galaxy ? galaxy.count : 0,
  };
}
