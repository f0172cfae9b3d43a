import type { HostClock } from '../../../lib/runtime/clock.ts';
import { FixedStepLoop, StepAccumulator } from '../../../lib/runtime/FixedStepLoop.ts';
import { SnapshotRequests } from '../../../lib/runtime/SnapshotRequests.ts';
import type { MarkTransfer, SnapshotSource } from '../../../lib/runtime/workerEntries.ts';
import { FRAME_DELTA_CAP, STEP } from '../engine/constants.ts';
import { type ActionResult, RaceWorld } from '../engine/race.ts';
import { type RaceSnapshot, type TrackView, takeSnapshot, trackView } from '../engine/snapshot.ts';
import type { Point } from '../engine/track.ts';

export type { HostClock, MarkTransfer };

/** Most steps one tick runs: a frame's delta is capped at 0.033 s, so two steps. */
const MAX_STEPS_PER_TICK = Math.ceil(FRAME_DELTA_CAP / STEP);

/**
 * Runs a RaceWorld on the worker's clock at the engine's fixed 1/60 s step, with each
 * frame's delta capped at 0.033 s (a stalled tab slows the race instead of skipping it),
 * and hands out snapshots: each `nextSnapshot` is answered with the first state the page
 * has not seen, its car array handed back transferred. Plumbing only: the rules live in
 * the engine.
 */
export class RaceHost {
  private world: RaceWorld;
  private visible = true;
  private readonly loop: FixedStepLoop;
  private readonly steps = new StepAccumulator(MAX_STEPS_PER_TICK);
  private readonly snapshots = new SnapshotRequests<Float32Array, RaceSnapshot>((buffer) =>
    this.take(buffer),
  );
  private readonly clock: HostClock;
  private readonly markTransfer: MarkTransfer;

  constructor(options: { clock: HostClock; markTransfer?: MarkTransfer; seed?: number }) {
    this.clock = options.clock;
    this.markTransfer = options.markTransfer ?? ((v) => v);
    this.world = new RaceWorld(options.seed ?? 1);
    this.loop = new FixedStepLoop({
      clock: this.clock,
      tickMs: STEP * 1000,
      // A stalled tab slows the race: at most 0.033 s of it per wake-up.
      maxElapsedMs: FRAME_DELTA_CAP * 1000,
      shouldRun: () => this.visible && this.active(),
      tick: this.tick,
    });
  }

  /** A fresh race world (the page picks the seed; tests and `?seed=` fix it). */
  reseed(seed: number): void {
    this.world = new RaceWorld(seed >>> 0);
    this.steps.reset();
    this.changed();
  }

  /** Finalizes a stroke into the track and computes its racing line (timed, for the debug overlay). */
  setTrack(
    points: Point[],
    brush: number,
    width: number,
    height: number,
  ): ActionResult & { track?: TrackView } {
    const t0 = this.clock.now();
    const result = this.world.setTrack(points, brush, width, height);
    const ms = this.clock.now() - t0;
    this.changed();
    if (!result.ok) return result;
    return { ok: true, track: trackView(this.world, ms) ?? undefined };
  }

  clearTrack(): void {
    this.world.clearTrack();
    this.changed();
  }

  addCar(): ActionResult & { carId?: number } {
    const result = this.world.addCar();
    this.changed();
    return result.ok ? { ok: true, carId: result.car?.id } : { ok: false, message: result.message };
  }

  setLaps(laps: number): number {
    const value = this.world.setLaps(laps);
    this.changed();
    return value;
  }

  start(): boolean {
    const started = this.world.start();
    this.steps.reset();
    this.changed();
    return started;
  }

  reset(): void {
    this.world.reset();
    this.changed();
  }

  /** The page is hidden or shown: nothing runs while hidden. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    this.schedule();
  }

  /** Per-car readout for the debug overlay. */
  debugCars(): { id: number; speed: number; maxSpeed: number; segIdx: number; laps: number; lap: number }[] {
    return this.world.cars.map((c) => ({
      id: c.id,
      speed: Math.hypot(c.vx, c.vy),
      maxSpeed: c.maxSpeed,
      segIdx: c.segIdx,
      laps: c.laps,
      lap: c.distanceSinceCross,
    }));
  }

  stats(): { phase: string; time: number; cars: number } {
    return { phase: this.world.phase, time: this.world.time, cars: this.world.cars.length };
  }

  /** The next state the page has not seen; waits for the clock when nothing changed. */
  nextSnapshot(buffer: Float32Array | null): Promise<RaceSnapshot> {
    const next = this.snapshots.next(buffer);
    this.schedule();
    return next;
  }

  private take(buffer: Float32Array | null): RaceSnapshot {
    const s = takeSnapshot(this.world, buffer);
    return this.markTransfer(s, [s.cars.buffer as ArrayBuffer]);
  }

  private changed(): void {
    this.snapshots.changed();
    this.schedule();
  }

  /**
   * A new renderer reads the snapshots (its worker restarted): the request waiting goes to
   * the old one, and the new one gets the current state at once, changed or not.
   */
  newReader(): void {
    this.snapshots.newReader();
  }

  /** Something to simulate: a countdown or race, or cars still rolling to a stop after it. */
  private active(): boolean {
    const w = this.world;
    if (w.phase === 'countdown' || w.phase === 'running') return true;
    return w.phase === 'finished' && w.cars.some((c) => Math.hypot(c.vx, c.vy) > 0.02);
  }

  private schedule(): void {
    this.loop.schedule();
  }

  private readonly tick = (elapsedMs: number): void => {
    const steps = this.steps.add(elapsedMs / (STEP * 1000));
    for (let i = 0; i < steps; i++) this.world.step();
    if (steps > 0) this.snapshots.changed();
  };

  /** Stops the clock for good. */
  dispose(): void {
    this.loop.dispose();
  }
}

/** What the race's physics worker serves the page (`workers/race.worker.ts`). */
export type RacePhysicsApi = RaceHost & SnapshotSource;
