import { TICK_SECONDS } from './constants.ts';

/** Longest frame gap we simulate (a stalled tab resumes instead of fast-forwarding). */
export const MAX_FRAME_SECONDS = 0.25;
// Frames of 1/120 s add up to a tick with floating-point noise; forgive it.
const EPSILON = 1e-9;

export interface StepClock {
  /** Seconds not yet simulated. */
  accumulator: number;
}

/**
 * The fixed-timestep accumulator: a frame of `dtSeconds` yields how many 1/60 s ticks
 * to run now, and `alpha` (0..1) to interpolate the drawing between the last two ticks.
 * Independent of the display's refresh rate.
 */
export function advanceClock(clock: StepClock, dtSeconds: number): { ticks: number; alpha: number } {
  const dt = Number.isFinite(dtSeconds) ? Math.min(MAX_FRAME_SECONDS, Math.max(0, dtSeconds)) : 0;
  let acc = clock.accumulator + dt;
  let ticks = 0;
  while (acc + EPSILON >= TICK_SECONDS) {
    acc -= TICK_SECONDS;
    ticks++;
  }
  clock.accumulator = Math.max(0, acc);
  return { ticks, alpha: Math.min(1, clock.accumulator / TICK_SECONDS) };
}
