/**
 * Step timing and the lookahead scheduler's pure core (games spec §9: 16 steps,
 * lookahead 0.12 s, scheduled every 25 ms). Times are seconds on the audio clock.
 *
 * Step times are computed from an anchor (time of a known step index) times a
 * multiplication, never by adding step durations up, so there is no drift however
 * long it plays. A tempo change re-anchors at the next unscheduled step.
 */
import { clampEngineBpm } from './tempo.ts';

export const STEPS = 16;
export const STEPS_PER_BEAT = 4;
export const LOOKAHEAD_S = 0.12;
export const SCHEDULE_INTERVAL_MS = 25;
/** Notes last this fraction of a step before their release begins (speakers, WAV and MIDI alike). */
export const GATE = 0.8;

/** Length of one 16th-note step in seconds. */
export function stepDuration(bpm: number): number {
  return 60 / clampEngineBpm(bpm) / STEPS_PER_BEAT;
}

export function barDuration(bpm: number): number {
  return stepDuration(bpm) * STEPS;
}

/** "Step n of bar b at bpm → time": start time of step `step` (0..15) of bar `bar` (0-based). */
export function stepTime(step: number, bar: number, bpm: number, origin = 0): number {
  return origin + (bar * STEPS + step) * stepDuration(bpm);
}

export interface SchedulerState {
  bpm: number;
  /** Audio time of step index `anchorIndex`. */
  anchorTime: number;
  anchorIndex: number;
  /** Global index of the next step to schedule (step = index % 16, bar = index / 16). */
  nextIndex: number;
}

export interface StepEvent {
  /** Global step index since start. */
  index: number;
  /** 0..15 */
  step: number;
  bar: number;
  time: number;
}

export function startScheduler(startTime: number, bpm: number): SchedulerState {
  return { bpm: clampEngineBpm(bpm), anchorTime: startTime, anchorIndex: 0, nextIndex: 0 };
}

export function timeOfIndex(s: SchedulerState, index: number): number {
  return s.anchorTime + (index - s.anchorIndex) * stepDuration(s.bpm);
}

/** Where `time` falls in steps since the start (fractional): 37.5 is half way through step 6 of bar 3. */
export function positionAtTime(s: SchedulerState, time: number): number {
  return s.anchorIndex + (time - s.anchorTime) / stepDuration(s.bpm);
}

/** A new tempo from the next unscheduled step on; steps already scheduled keep their times. */
export function setSchedulerBpm(s: SchedulerState, bpm: number): SchedulerState {
  const b = clampEngineBpm(bpm);
  if (b === s.bpm) return s;
  return {
    bpm: b,
    anchorTime: timeOfIndex(s, s.nextIndex),
    anchorIndex: s.nextIndex,
    nextIndex: s.nextIndex,
  };
}

export interface DueSteps {
  state: SchedulerState;
  /** Steps whose time falls in [now, now + lookahead), in order. */
  events: StepEvent[];
  /** Steps that were already in the past (the timer stalled longer than the lookahead): skipped, not played late. */
  missed: number;
}

/** One scheduler tick: every step up to `now + lookahead` not yet scheduled. */
export function collectDueSteps(s: SchedulerState, now: number, lookahead = LOOKAHEAD_S): DueSteps {
  const events: StepEvent[] = [];
  let missed = 0;
  let index = s.nextIndex;
  const horizon = now + lookahead;
  for (;;) {
    const time = timeOfIndex(s, index);
    if (time >= horizon) break;
    if (time < now) missed++;
    else events.push({ index, step: index % STEPS, bar: Math.floor(index / STEPS), time });
    index++;
  }
  return { state: index === s.nextIndex ? s : { ...s, nextIndex: index }, events, missed };
}

/**
 * Virtual-clock ticks for offline renders: runs the same tick function the live
 * timer runs, every 25 ms of audio time, until `duration`, and returns every event.
 */
export function simulateTicks(startTime: number, bpm: number, duration: number): StepEvent[] {
  let state = startScheduler(startTime, bpm);
  const out: StepEvent[] = [];
  const tick = SCHEDULE_INTERVAL_MS / 1000;
  for (let k = 0; ; k++) {
    const now = k * tick;
    const due = collectDueSteps(state, now);
    state = due.state;
    for (const e of due.events) if (e.time < startTime + duration) out.push(e);
    if (now > startTime + duration) break;
  }
  return out;
}
