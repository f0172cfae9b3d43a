/**
 * The tumble: a small 2D rigid-body simulation of dice thrown across the arena (walls,
 * die–die collisions with restitution and spin transfer, rolling friction), computed in
 * full before it is shown, at a fixed 60 Hz step. Each die is brought to rest exactly at
 * the end of its rolling time, turned to its nearest upright orientation, so the rolled
 * face (decided beforehand) reads cleanly. Deterministic: same input, same track.
 */
import { createRng } from '../../../lib/pure/rng.ts';
import {
  DIE_RESTITUTION,
  IMPACT_GAP_STEPS,
  MIN_IMPACT,
  ROLLING_FRICTION,
  SETTLE_FRACTION,
  SPIN_FRICTION,
  WALL_RESTITUTION,
} from './constants.ts';

export const STEP_MS = 1000 / 60;
/** Floats per die per step in `frames`: x, y, angle, speed (px per step). */
export const FRAME_STRIDE = 4;

export interface TumbleInput {
  arena: { width: number; height: number };
  /** Each die's drawn size in px (its collision circle is a little smaller). */
  sizes: readonly number[];
  /** Each die's rolling time in ms (spec §4). */
  durationsMs: readonly number[];
  /** Rotational symmetry of each die's outline (4 for a square): upright is any multiple of 2π / symmetry. */
  symmetry: readonly number[];
  seed: number;
}

export interface TumbleTrack {
  steps: number;
  count: number;
  /** steps × count × FRAME_STRIDE. */
  frames: Float32Array;
  /** The step at which each die comes to rest. */
  settleStep: Int32Array;
  /** Collisions worth a sound: pairs of (step, impact speed in px/s). */
  impacts: Float32Array;
  impactCount: number;
}

/**
 * How far a die's outline reaches from its centre, as a fraction of its size (the d4's
 * tip and the d6's corners): the walls hold this, so no corner ever pokes past the rim,
 * while dice meet each other on a smaller circle so they can nestle.
 */
export const WALL_REACH = 0.6;

const TAU = Math.PI * 2;

/** Where dice lie before their first roll: a centred grid. Pure: (x, y) per die. */
export function idleLayout(
  count: number,
  arena: { width: number; height: number },
  size: number,
): Float32Array {
  const out = new Float32Array(count * 2);
  if (count === 0) return out;
  const gap = size * 1.35;
  const perRow = Math.max(1, Math.min(count, Math.floor((arena.width - size * 0.5) / gap)));
  const rows = Math.ceil(count / perRow);
  const top = arena.height / 2 - ((rows - 1) * gap) / 2;
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, count - row * perRow);
    const left = arena.width / 2 - ((inRow - 1) * gap) / 2;
    out[i * 2] = left + (i - row * perRow) * gap;
    out[i * 2 + 1] = top + row * gap;
  }
  return out;
}

/** The multiple of `period` nearest to `angle`. */
function nearestUpright(angle: number, period: number): number {
  return Math.round(angle / period) * period;
}

/**
 * How far a die thrown at 1 px per step travels before it rests at `stop` (no walls, no
 * contacts): speed falls by rolling friction and is capped in proportion to the start
 * speed while settling, so the distance scales with the start speed.
 */
function travelPerUnitSpeed(stop: number): number {
  const settleFrom = stop * (1 - SETTLE_FRACTION);
  let speed = 1;
  let distance = 0;
  for (let step = 1; step < stop; step++) {
    speed *= ROLLING_FRICTION;
    if (step > settleFrom) {
      const left = (stop - step) / (stop - settleFrom);
      speed = Math.min(speed, 0.6 * left * left * (3 - 2 * left));
    }
    distance += speed;
  }
  return Math.max(1, distance);
}

export function simulateTumble(input: TumbleInput): TumbleTrack {
  const n = input.sizes.length;
  const { width, height } = input.arena;
  const rng = createRng(input.seed);
  const settleStep = new Int32Array(n);
  let steps = 1;
  for (let i = 0; i < n; i++) {
    settleStep[i] = Math.max(1, Math.round(input.durationsMs[i] / STEP_MS));
    steps = Math.max(steps, settleStep[i] + 1);
  }
  const frames = new Float32Array(steps * n * FRAME_STRIDE);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const vx = new Float64Array(n);
  const vy = new Float64Array(n);
  const angle = new Float64Array(n);
  const spin = new Float64Array(n);
  const radius = new Float64Array(n);
  const reach = new Float64Array(n);
  const startSpeed = new Float64Array(n);
  const startSpin = new Float64Array(n);
  const quietUntil = new Int32Array(n);
  const impacts: number[] = [];

  // The throw: all dice leave one hand at an edge (left, right or bottom), spread along it,
  // each aimed somewhere in the middle.
  const edge = rng.int(0, 2);
  const diag = Math.hypot(width, height);
  for (let i = 0; i < n; i++) {
    radius[i] = input.sizes[i] * 0.46;
    reach[i] = Math.min(input.sizes[i] * WALL_REACH, width / 2, height / 2);
    const along = (i + 0.5) / n;
    const inset = reach[i] + 2 + (i % 3) * radius[i] * 1.2;
    const cx = width / 2;
    const cy = height / 2;
    if (edge === 0) {
      x[i] = Math.min(width / 2, inset);
      y[i] = height * (0.2 + 0.6 * along);
    } else if (edge === 1) {
      x[i] = Math.max(width / 2, width - inset);
      y[i] = height * (0.2 + 0.6 * along);
    } else {
      x[i] = width * (0.15 + 0.7 * along);
      y[i] = Math.max(height / 2, height - inset);
    }
    // Each die is aimed at a resting spot in the middle of the arena and thrown just hard
    // enough to get there (or a little past it, to bounce off a wall); dice meeting on the
    // way knock each other about, so where they end is a scatter, not the aim.
    const tx = cx + rng.range(-0.32, 0.32) * width;
    const ty = cy + rng.range(-0.32, 0.32) * height;
    const aim = Math.atan2(ty - y[i], tx - x[i]);
    const throwLength = Math.hypot(tx - x[i], ty - y[i]) * rng.range(1, 1.5);
    const speed = Math.min(diag / 20, throwLength / travelPerUnitSpeed(settleStep[i]));
    vx[i] = Math.cos(aim) * speed;
    vy[i] = Math.sin(aim) * speed;
    angle[i] = rng.range(0, TAU);
    spin[i] = rng.range(0.14, 0.32) * (rng.next() < 0.5 ? -1 : 1);
    startSpeed[i] = speed;
    startSpin[i] = Math.abs(spin[i]);
  }

  const record = (step: number) => {
    let o = step * n * FRAME_STRIDE;
    for (let i = 0; i < n; i++) {
      frames[o++] = x[i];
      frames[o++] = y[i];
      frames[o++] = angle[i];
      frames[o++] = Math.hypot(vx[i], vy[i]);
    }
  };
  const sound = (step: number, i: number, speedPerStep: number) => {
    const speed = speedPerStep * 60;
    if (speed < MIN_IMPACT || step < quietUntil[i]) return;
    quietUntil[i] = step + IMPACT_GAP_STEPS;
    impacts.push(step, speed);
  };

  record(0);
  for (let step = 1; step < steps; step++) {
    for (let i = 0; i < n; i++) {
      const stop = settleStep[i];
      if (step > stop) continue;
      const settleFrom = stop * (1 - SETTLE_FRACTION);
      if (step >= stop) {
        vx[i] = 0;
        vy[i] = 0;
        spin[i] = 0;
        angle[i] = nearestUpright(angle[i], TAU / input.symmetry[i]);
        continue;
      }
      vx[i] *= ROLLING_FRICTION;
      vy[i] *= ROLLING_FRICTION;
      spin[i] *= SPIN_FRICTION;
      if (step > settleFrom) {
        // Speed and spin may not exceed what is left of the die's time: it rests on the dot.
        const left = (stop - step) / (stop - settleFrom);
        const ease = left * left * (3 - 2 * left);
        const maxSpeed = startSpeed[i] * 0.6 * ease;
        const speed = Math.hypot(vx[i], vy[i]);
        if (speed > maxSpeed) {
          vx[i] *= maxSpeed / speed;
          vy[i] *= maxSpeed / speed;
        }
        // Turn toward upright as it slows: the spin is steered, not snapped.
        const target = nearestUpright(angle[i], TAU / input.symmetry[i]);
        const maxSpin = startSpin[i] * ease;
        spin[i] = Math.max(-maxSpin, Math.min(maxSpin, spin[i] * 0.9 + (target - angle[i]) * 0.12));
      }
      x[i] += vx[i];
      y[i] += vy[i];
      angle[i] += spin[i];
      const r = reach[i];
      if (x[i] < r) {
        x[i] = r;
        if (vx[i] < 0) {
          sound(step, i, -vx[i]);
          vx[i] = -vx[i] * WALL_RESTITUTION;
          spin[i] += vy[i] * 0.01;
        }
      } else if (x[i] > width - r) {
        x[i] = width - r;
        if (vx[i] > 0) {
          sound(step, i, vx[i]);
          vx[i] = -vx[i] * WALL_RESTITUTION;
          spin[i] -= vy[i] * 0.01;
        }
      }
      if (y[i] < r) {
        y[i] = r;
        if (vy[i] < 0) {
          sound(step, i, -vy[i]);
          vy[i] = -vy[i] * WALL_RESTITUTION;
          spin[i] -= vx[i] * 0.01;
        }
      } else if (y[i] > height - r) {
        y[i] = height - r;
        if (vy[i] > 0) {
          sound(step, i, vy[i]);
          vy[i] = -vy[i] * WALL_RESTITUTION;
          spin[i] += vx[i] * 0.01;
        }
      }
    }
    // Die–die contacts: equal masses; a die at rest is immovable (it has settled on its face).
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const dx = x[j] - x[i];
        const dy = y[j] - y[i];
        const minDist = radius[i] + radius[j];
        const dist2 = dx * dx + dy * dy;
        if (dist2 >= minDist * minDist) continue;
        const iMoves = step < settleStep[i];
        const jMoves = step < settleStep[j];
        if (!iMoves && !jMoves) continue;
        const dist = Math.sqrt(dist2) || 0.0001;
        const nx = dist2 > 0 ? dx / dist : 1;
        const ny = dist2 > 0 ? dy / dist : 0;
        const overlap = minDist - dist;
        const share = iMoves && jMoves ? 0.5 : 1;
        if (iMoves) {
          x[i] -= nx * overlap * share;
          y[i] -= ny * overlap * share;
        }
        if (jMoves) {
          x[j] += nx * overlap * share;
          y[j] += ny * overlap * share;
        }
        const rel = (vx[j] - vx[i]) * nx + (vy[j] - vy[i]) * ny;
        if (rel >= 0) continue;
        const impulse = -(1 + DIE_RESTITUTION) * rel * (iMoves && jMoves ? 0.5 : 1);
        if (iMoves) {
          vx[i] -= impulse * nx;
          vy[i] -= impulse * ny;
        }
        if (jMoves) {
          vx[j] += impulse * nx;
          vy[j] += impulse * ny;
        }
        // A glancing blow sets both spinning (tangential part of the relative velocity).
        const tangential = (vx[j] - vx[i]) * -ny + (vy[j] - vy[i]) * nx;
        if (iMoves) spin[i] += tangential * 0.004;
        if (jMoves) spin[j] -= tangential * 0.004;
        sound(step, iMoves ? i : j, -rel);
      }
    }
    // A push from a neighbour may not shove a die through a wall.
    for (let i = 0; i < n; i++) {
      x[i] = Math.min(width - reach[i], Math.max(reach[i], x[i]));
      y[i] = Math.min(height - reach[i], Math.max(reach[i], y[i]));
    }
    record(step);
  }
  return {
    steps,
    count: n,
    frames,
    settleStep,
    impacts: Float32Array.from(impacts),
    impactCount: impacts.length / 2,
  };
}
