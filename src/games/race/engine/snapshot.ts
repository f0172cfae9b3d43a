import type { EndReason, Phase, RaceEvent, RaceWorld, ResultEntry } from './race.ts';

/** Per car in `cars`: x, y, heading, speed (px/step), laps, place (0: racing). */
export const CAR_STRIDE = 6;

/** What the page gets each frame from the worker: small, with the car data in one transferable array. */
export interface RaceSnapshot {
  phase: Phase;
  /** Seconds since Start. */
  time: number;
  /** 3, 2, 1 during the countdown, 0 for GO! (the race's first second), else null. */
  countdown: number | null;
  totalLaps: number;
  carCount: number;
  cars: Float32Array;
  ids: number[];
  colors: number[];
  /** Car ids in race order. */
  ranking: number[];
  endReason: EndReason | null;
  results: ResultEntry[];
  events: RaceEvent[];
  /** Race time (s) when the first car finished, or null. */
  firstFinishAt: number | null;
}

export function takeSnapshot(world: RaceWorld, reuse: Float32Array | null): RaceSnapshot {
  const n = world.cars.length;
  const cars =
    reuse && reuse.length >= n * CAR_STRIDE && reuse.length > 0
      ? reuse
      : new Float32Array(Math.max(1, n) * CAR_STRIDE);
  world.cars.forEach((c, i) => {
    const o = i * CAR_STRIDE;
    cars[o] = c.x;
    cars[o + 1] = c.y;
    cars[o + 2] = c.heading;
    cars[o + 3] = Math.hypot(c.vx, c.vy);
    cars[o + 4] = c.laps;
    cars[o + 5] = c.place;
  });
  let countdown: number | null = null;
  if (world.phase === 'countdown') countdown = Math.max(1, 3 - Math.floor(world.time + 1e-9));
  else if (world.phase === 'running' && world.raceTime < 1) countdown = 0;
  return {
    phase: world.phase,
    time: world.time,
    countdown,
    totalLaps: world.totalLaps,
    carCount: n,
    cars,
    ids: world.cars.map((c) => c.id),
    colors: world.cars.map((c) => c.color),
    ranking: world.ranking().map((c) => c.id),
    endReason: world.endReason,
    results: world.phase === 'finished' ? world.results() : [],
    events: world.drainEvents(),
    firstFinishAt: world.firstFinishAt,
  };
}

/** The track as the scene draws it: centreline, width, start line, racing line and its turn classes. */
export interface TrackView {
  brush: number;
  cx: Float32Array;
  cy: Float32Array;
  racingX: Float32Array;
  racingY: Float32Array;
  racingSpeed: Float32Array;
  start: { ax: number; ay: number; bx: number; by: number; nx: number; ny: number };
  carLength: number;
  carWidth: number;
  /** Time the racing line took (ms), for the debug overlay. */
  racingLineMs: number;
}

export function trackView(world: RaceWorld, racingLineMs: number): TrackView | null {
  const t = world.track;
  if (!t) return null;
  return {
    brush: t.brush,
    cx: Float32Array.from(t.cx),
    cy: Float32Array.from(t.cy),
    racingX: Float32Array.from(t.racing.x),
    racingY: Float32Array.from(t.racing.y),
    racingSpeed: Float32Array.from(t.racing.speed),
    start: {
      ax: t.start.a.x,
      ay: t.start.a.y,
      bx: t.start.b.x,
      by: t.start.b.y,
      nx: t.start.n.x,
      ny: t.start.n.y,
    },
    carLength: t.carLength,
    carWidth: t.carWidth,
    racingLineMs,
  };
}
