import { clamp, lerp, wrapAngle } from '../../../lib/pure/math.ts';
import { createRng, type Rng } from '../../../lib/pure/rng.ts';
import {
  BUMP_RESTITUTION,
  CAR_BRAKE,
  CAR_GRIP,
  CELEBRATION_TIMEOUT_S,
  COUNTDOWN_SECONDS,
  DEFAULT_LAPS,
  FINISHED_PACE,
  LAP_DEBOUNCE_S,
  MAX_CARS,
  MAX_LAPS,
  MAX_SPEED_MAX,
  MAX_SPEED_MIN,
  MESSAGES,
  MIN_LAPS,
  NUDGE_COOLDOWN_S,
  PLACEMENT_TRIES,
  STEP,
  STUCK_AFTER_S,
  STUCK_SPEED,
  TOP_RANKED,
} from './constants.ts';
import { pickCarColor } from './palette.ts';
import { buildTrack, cyclicDelta, nearestSample, type Point, type Track, worldScale } from './track.ts';

export type Phase = 'idle' | 'countdown' | 'running' | 'finished';
export type EndReason = 'all_finished' | 'top3_finished' | 'celebration_timeout';

/** Per-car random amplitudes that make each driver a little different. */
export interface Personality {
  /** Weave across the racing line: amplitude (fraction of the road's free half width), rate (rad/s), phase. */
  lineAmp: number;
  lineFreq: number;
  linePhase: number;
  /** Pace: ± fraction of the target speed, rate, phase. */
  paceAmp: number;
  paceFreq: number;
  pacePhase: number;
  /** How far ahead the driver looks, × the usual. */
  lookAhead: number;
}

/** A car (games spec §3), plus what the race keeps per car. */
export interface Car {
  id: number;
  color: number;
  x: number;
  y: number;
  /** Body width and length (px). */
  w: number;
  h: number;
  vx: number;
  vy: number;
  heading: number;
  /** Top speed (px per 1/60 s step), 6.5–9 × the track's scale. */
  maxSpeed: number;
  /** Speed gained per second (px/step per s). */
  accel: number;
  /** Steering rate (rad/s). */
  turnRate: number;
  /** Laps completed. */
  laps: number;
  /** Race time (s) of the last counted or starting crossing of the start line. */
  lastCross: number;
  distanceSinceCross: number;
  alive: boolean;
  /** Nearest centreline sample. */
  segIdx: number;
  spawnX: number;
  spawnY: number;
  spawnHeading: number;
  personality: Personality;
  /** 1-based finishing place, 0 until it finishes. */
  place: number;
  finishTime: number | null;
  stuckFor: number;
  /** Race time (s) of the last nudge. */
  lastNudge: number;
}

export type RaceEvent =
  | { type: 'countdown'; value: number }
  | { type: 'lap'; carId: number; laps: number }
  | { type: 'finish'; carId: number; place: number }
  | { type: 'end'; reason: EndReason }
  | { type: 'bump'; strength: number }
  | { type: 'nudge'; carId: number };

export type ActionResult = { ok: true } | { ok: false; message: string };

/** One line of the results: a car, its place (null: did not finish) and laps. */
export interface ResultEntry {
  carId: number;
  color: number;
  place: number | null;
  laps: number;
}

/**
 * The race: a track drawn once, up to 16 cars, and the phases idle → countdown → running
 * → finished, stepped at a fixed 1/60 s. Pure and deterministic: the same seed and the
 * same calls give the same race. Events (countdown beeps, laps, finishes, the end, bumps)
 * collect in `events` until the host drains them.
 */
export class RaceWorld {
  track: Track | null = null;
  cars: Car[] = [];
  phase: Phase = 'idle';
  totalLaps = DEFAULT_LAPS;
  /** Seconds since Start (the countdown is the first 3). */
  time = 0;
  firstFinishAt: number | null = null;
  endReason: EndReason | null = null;
  events: RaceEvent[] = [];
  private rng: Rng;
  private nextId = 1;
  private finishedCount = 0;

  constructor(readonly seed: number) {
    this.rng = createRng(seed);
  }

  /** Seconds since GO! (negative during the countdown). */
  get raceTime(): number {
    return this.time - COUNTDOWN_SECONDS;
  }

  get finalized(): boolean {
    return this.track !== null;
  }

  /**
   * Finalizes the drawn stroke into the track (world of width × height px). Only in idle
   * with no track yet; a stroke of one point (after thinning) is ignored.
   */
  setTrack(points: readonly Point[], brush: number, width: number, height: number): ActionResult {
    if (this.track) return { ok: false, message: 'Clear the track before drawing a new one' };
    if (this.phase !== 'idle') return { ok: false, message: 'Wait for the race to end' };
    const result = buildTrack(points, brush, worldScale(width, height));
    if (!result.ok) {
      return {
        ok: false,
        message:
          result.reason === 'start-line'
            ? MESSAGES.startLineShort
            : result.reason === 'not-closed'
              ? MESSAGES.notClosed
              : 'Draw a longer stroke',
      };
    }
    this.track = result.track;
    return { ok: true };
  }

  clearTrack(): void {
    this.track = null;
    this.cars = [];
    // A new track starts a new field: its first car is Car 1 again, not Car 17.
    this.nextId = 1;
    this.toIdle();
  }

  setLaps(laps: number): number {
    if (Number.isFinite(laps) && this.phase === 'idle')
      this.totalLaps = clamp(Math.round(laps), MIN_LAPS, MAX_LAPS);
    return this.totalLaps;
  }

  addCar(): ActionResult & { car?: Car } {
    const track = this.track;
    if (!track) return { ok: false, message: MESSAGES.noTrack };
    if (this.cars.length >= MAX_CARS) return { ok: false, message: MESSAGES.maxCars };
    if (this.phase !== 'idle') return { ok: false, message: 'Cars join between races: press Reset first' };
    const spot = this.findSpawn(track);
    if (!spot) return { ok: false, message: MESSAGES.placement };
    const r = this.rng;
    const s = track.scale;
    const car: Car = {
      id: this.nextId++,
      color: pickCarColor(
        this.cars.map((c) => c.color),
        r,
      ),
      x: spot.x,
      y: spot.y,
      w: track.carWidth,
      h: track.carLength,
      vx: 0,
      vy: 0,
      heading: spot.heading,
      maxSpeed: 0,
      accel: 0,
      turnRate: r.range(9, 11),
      laps: 0,
      lastCross: Number.NEGATIVE_INFINITY,
      distanceSinceCross: 0,
      alive: true,
      segIdx: spot.index,
      spawnX: spot.x,
      spawnY: spot.y,
      spawnHeading: spot.heading,
      personality: {
        lineAmp: r.range(0.1, 0.45),
        lineFreq: r.range(0.3, 0.9),
        linePhase: r.range(0, Math.PI * 2),
        paceAmp: r.range(0.02, 0.06),
        paceFreq: r.range(0.2, 0.6),
        pacePhase: r.range(0, Math.PI * 2),
        lookAhead: r.range(0.8, 1.2),
      },
      place: 0,
      finishTime: null,
      stuckFor: 0,
      lastNudge: Number.NEGATIVE_INFINITY,
    };
    // Quicker cars pull away everywhere: top speed and acceleration go together.
    car.maxSpeed = r.range(MAX_SPEED_MIN, MAX_SPEED_MAX) * s;
    car.accel = car.maxSpeed * r.range(0.75, 0.95);
    this.resetCar(car, track);
    this.cars.push(car);
    return { ok: true, car };
  }

  removeCar(id: number): void {
    if (this.phase !== 'idle') return;
    this.cars = this.cars.filter((c) => c.id !== id);
  }

  /**
   * A grid behind the start line: rows a car and a half apart, three slots a row (left,
   * right, middle; the middle one only where the road is too narrow for two abreast). The first of up to 55 slots that is on the road, not too far round the
   * loop and clear of every car is taken; none: null.
   */
  private findSpawn(track: Track): { x: number; y: number; heading: number; index: number } | null {
    const { count: n, spacing, brush, carLength, carWidth } = track;
    const lanes = [-1, 1, 0];
    for (let k = 0; k < PLACEMENT_TRIES; k++) {
      const row = Math.floor(k / lanes.length);
      const back = carLength * 0.9 + row * carLength * 1.5;
      if (back > track.length * 0.8) continue;
      const index = (((track.start.index - Math.round(back / spacing)) % n) + n) % n;
      const lateral = lanes[k % lanes.length] * (brush / 4);
      if (Math.abs(lateral) + carWidth / 2 > brush / 2 - 1) continue;
      const x = track.cx[index] + track.nx[index] * lateral;
      const y = track.cy[index] + track.ny[index] * lateral;
      // Clear of every car: a car length apart along the road, or side by side with a gap.
      const clear = this.cars.every((c) => {
        const dx = c.spawnX - x;
        const dy = c.spawnY - y;
        const along = Math.abs(dx * track.tx[index] + dy * track.ty[index]);
        const across = Math.abs(dx * track.nx[index] + dy * track.ny[index]);
        return along >= carLength * 1.05 || across >= carWidth * 1.25;
      });
      if (!clear) continue;
      return { x, y, heading: Math.atan2(track.ty[index], track.tx[index]), index };
    }
    return null;
  }

  /** Idle with a track and at least one car: the countdown begins. */
  start(): boolean {
    if (this.phase !== 'idle' || !this.track || this.cars.length === 0) return false;
    this.phase = 'countdown';
    this.time = 0;
    this.events.push({ type: 'countdown', value: COUNTDOWN_SECONDS });
    return true;
  }

  /** Back to idle, every car at its spawn. */
  reset(): void {
    this.toIdle();
  }

  private toIdle(): void {
    this.phase = 'idle';
    this.time = 0;
    this.firstFinishAt = null;
    this.endReason = null;
    this.finishedCount = 0;
    if (this.track) for (const car of this.cars) this.resetCar(car, this.track);
  }

  private resetCar(car: Car, track: Track): void {
    car.x = car.spawnX;
    car.y = car.spawnY;
    car.heading = car.spawnHeading;
    car.vx = 0;
    car.vy = 0;
    car.laps = 0;
    car.lastCross = Number.NEGATIVE_INFINITY;
    car.segIdx = nearestSample(track, car.x, car.y, car.segIdx, track.count);
    // Behind the line: negative until the first crossing (which counts no lap).
    car.distanceSinceCross = -cyclicDelta(car.segIdx, track.start.index, track.count) * track.spacing;
    car.alive = true;
    car.place = 0;
    car.finishTime = null;
    car.stuckFor = 0;
    car.lastNudge = Number.NEGATIVE_INFINITY;
  }

  /** One fixed step of 1/60 s. */
  step(): void {
    const track = this.track;
    if (!track || this.phase === 'idle') return;
    const before = this.time;
    this.time += STEP;
    if (this.phase === 'countdown') {
      const shown = COUNTDOWN_SECONDS - Math.floor(before + 1e-9);
      const now = COUNTDOWN_SECONDS - Math.floor(this.time + 1e-9);
      if (now !== shown) this.events.push({ type: 'countdown', value: Math.max(0, now) });
      if (this.time >= COUNTDOWN_SECONDS - 1e-9) this.phase = 'running';
      return;
    }
    for (const car of this.cars) this.drive(car, track);
    this.collide(track);
    for (const car of this.cars) this.afterMove(car, track);
    if (this.phase === 'running') this.checkEnd();
  }

  private drive(car: Car, track: Track): void {
    const { count: n, racing, spacing } = track;
    const p = car.personality;
    const t = this.time;
    const speed = Math.sqrt(car.vx * car.vx + car.vy * car.vy);
    const look = Math.max(2, Math.round(((car.h * 0.8 + speed * 6) * p.lookAhead) / spacing));
    const ti = (car.segIdx + look) % n;
    const weave = p.lineAmp * racing.halfRange * Math.sin(p.linePhase + t * p.lineFreq);
    let offset = clamp(racing.offset[ti] + weave, -racing.halfRange, racing.halfRange);
    const traffic = this.phase === 'running' ? this.traffic(car, track, speed) : null;
    if (traffic && traffic.offset !== null) offset = traffic.offset;
    const targetX = track.cx[ti] + track.nx[ti] * offset;
    const targetY = track.cy[ti] + track.ny[ti] * offset;
    const desired = Math.atan2(targetY - car.y, targetX - car.x);
    const finishedRace = this.phase === 'finished';
    let targetSpeed = 0;
    if (!finishedRace) {
      let profile = 1;
      for (let k = 0; k <= look; k++) profile = Math.min(profile, racing.speed[(car.segIdx + k) % n]);
      targetSpeed = car.maxSpeed * profile * (1 + p.paceAmp * Math.sin(p.pacePhase + t * p.paceFreq));
      if (car.place > 0) targetSpeed *= FINISHED_PACE;
      if (traffic) targetSpeed = Math.min(targetSpeed, traffic.speedCap);
    }
    const turn = clamp(wrapAngle(desired - car.heading), -car.turnRate * STEP, car.turnRate * STEP);
    car.heading = wrapAngle(car.heading + turn);
    const dx = Math.cos(car.heading);
    const dy = Math.sin(car.heading);
    const along = car.vx * dx + car.vy * dy;
    const next = finishedRace
      ? along * 0.96
      : along + clamp(targetSpeed - along, -CAR_BRAKE * track.scale, car.accel * STEP);
    car.vx += (dx * next - car.vx) * CAR_GRIP;
    car.vy += (dy * next - car.vy) * CAR_GRIP;

    // Stuck (against a wall or another car): after 0.6 s a nudge toward the line, at most every 900 ms.
    if (this.phase === 'running' && car.vx * car.vx + car.vy * car.vy < (STUCK_SPEED * track.scale) ** 2) {
      car.stuckFor += STEP;
      const now = this.raceTime;
      if (car.stuckFor >= STUCK_AFTER_S && hasElapsed(car.lastNudge, now, NUDGE_COOLDOWN_S)) {
        car.heading = desired;
        const push = car.maxSpeed * 0.3;
        car.vx = Math.cos(desired) * push;
        car.vy = Math.sin(desired) * push;
        car.x += Math.cos(desired) * 2;
        car.y += Math.sin(desired) * 2;
        car.stuckFor = 0;
        car.lastNudge = now;
        this.events.push({ type: 'nudge', carId: car.id });
      }
    } else {
      car.stuckFor = 0;
    }
  }

  /**
   * A slower car close ahead in this car's lane: pull out to the side with room (the one
   * this car is already leaning to first) and pass; with no room either side, follow at
   * its speed rather than ram it. Null when the lane ahead is clear.
   */
  private traffic(car: Car, track: Track, speed: number): { offset: number | null; speedCap: number } | null {
    const n = track.count;
    const mine = lateralOf(track, car);
    let blocker: Car | null = null;
    let blockerLat = 0;
    let nearest = car.h * 3;
    for (const o of this.cars) {
      if (o === car) continue;
      const ahead = cyclicDelta(car.segIdx, o.segIdx, n) * track.spacing;
      if (ahead <= 0 || ahead >= nearest) continue;
      const lat = lateralOf(track, o);
      if (Math.abs(lat - mine) > car.w * 1.1) continue;
      const theirs = Math.sqrt(o.vx * o.vx + o.vy * o.vy);
      if (theirs > speed) continue;
      nearest = ahead;
      blocker = o;
      blockerLat = lat;
    }
    if (!blocker) return null;
    // Passing may use the road up to the walls, not just the racing line's margin.
    const range = track.brush / 2 - car.w / 2 - 0.5;
    const gap = car.w * 1.2;
    const sides =
      mine >= blockerLat ? [blockerLat + gap, blockerLat - gap] : [blockerLat - gap, blockerLat + gap];
    // A side is free when it is on the road and no third car is there, alongside or just ahead.
    const free = (v: number) =>
      Math.abs(v) <= range &&
      this.cars.every((q) => {
        if (q === car || q === blocker) return true;
        const along = cyclicDelta(car.segIdx, q.segIdx, n) * track.spacing;
        return along < -car.h || along > nearest + car.h || Math.abs(lateralOf(track, q) - v) >= car.w * 1.1;
      });
    const offset = sides.find(free) ?? null;
    const theirs = Math.sqrt(blocker.vx * blocker.vx + blocker.vy * blocker.vy);
    // Right on its bumper, or nowhere to go: hold its pace (a touch quicker while pulling out).
    const cap =
      offset === null ? theirs : nearest < car.h * 0.9 ? theirs * 1.05 + 0.1 : Number.POSITIVE_INFINITY;
    return { offset, speedCap: cap };
  }

  /** Car–car contact: overlapping bodies (as circles) are pushed apart and trade some speed. */
  private collide(track: Track): void {
    const cars = this.cars;
    let strongest = 0;
    for (let i = 0; i < cars.length; i++) {
      const a = cars[i];
      const ra = (a.w + a.h) / 4;
      for (let j = i + 1; j < cars.length; j++) {
        const b = cars[j];
        const dx = b.x + b.vx - (a.x + a.vx);
        const dy = b.y + b.vy - (a.y + a.vy);
        const reach = ra + (b.w + b.h) / 4;
        const d2 = dx * dx + dy * dy;
        if (d2 >= reach * reach || d2 === 0) continue;
        const d = Math.sqrt(d2);
        const ux = dx / d;
        const uy = dy / d;
        const push = (reach - d) / 2;
        a.x -= ux * push;
        a.y -= uy * push;
        b.x += ux * push;
        b.y += uy * push;
        const closing = (a.vx - b.vx) * ux + (a.vy - b.vy) * uy;
        if (closing > 0) {
          const impulse = (closing * (1 + BUMP_RESTITUTION)) / 2;
          a.vx -= ux * impulse;
          a.vy -= uy * impulse;
          b.vx += ux * impulse;
          b.vy += uy * impulse;
          strongest = Math.max(strongest, closing / track.scale);
        }
      }
    }
    if (strongest > 1.5) this.events.push({ type: 'bump', strength: Math.min(1, strongest / 6) });
  }

  /** Moves the car, keeps it on the road, tracks its progress and counts laps at the start line. */
  private afterMove(car: Car, track: Track): void {
    const px = car.x;
    const py = car.y;
    car.x += car.vx;
    car.y += car.vy;
    const n = track.count;
    const seg = nearestSample(track, car.x, car.y, car.segIdx, 6);
    // The road's edges are walls: what pokes out is pushed back and the outward motion scrubbed.
    const lateral = (car.x - track.cx[seg]) * track.nx[seg] + (car.y - track.cy[seg]) * track.ny[seg];
    const limit = Math.max(0, track.brush / 2 - car.w / 2);
    if (Math.abs(lateral) > limit) {
      const sign = Math.sign(lateral);
      const over = Math.abs(lateral) - limit;
      car.x -= track.nx[seg] * over * sign;
      car.y -= track.ny[seg] * over * sign;
      const out = (car.vx * track.nx[seg] + car.vy * track.ny[seg]) * sign;
      if (out > 0) {
        car.vx -= track.nx[seg] * out * sign;
        car.vy -= track.ny[seg] * out * sign;
      }
      car.vx *= 0.98;
      car.vy *= 0.98;
    }
    const delta = cyclicDelta(car.segIdx, seg, n) * track.spacing;
    car.distanceSinceCross += delta;
    car.segIdx = seg;
    if (this.phase === 'running' && crossesForward(track, px, py, car.x, car.y)) this.crossed(car, track);
  }

  /**
   * A forward crossing of the start line. It counts a lap when the car has come round
   * (half the loop or more since its last crossing) and the last one was at least 1200 ms
   * ago; the first crossing after the grid only starts the count.
   */
  crossed(car: Car, track: Track): void {
    const now = this.raceTime;
    if (car.distanceSinceCross < track.length / 2) {
      car.distanceSinceCross = 0;
      car.lastCross = now;
      return;
    }
    if (!hasElapsed(car.lastCross, now, LAP_DEBOUNCE_S)) return;
    car.lastCross = now;
    car.distanceSinceCross = 0;
    if (car.place > 0) return;
    car.laps++;
    this.events.push({ type: 'lap', carId: car.id, laps: car.laps });
    if (car.laps >= this.totalLaps) {
      this.finishedCount++;
      car.place = this.finishedCount;
      car.finishTime = this.raceTime;
      if (this.firstFinishAt === null) this.firstFinishAt = this.raceTime;
      this.events.push({ type: 'finish', carId: car.id, place: car.place });
    }
  }

  private checkEnd(): void {
    const total = this.cars.length;
    let reason: EndReason | null = null;
    if (this.finishedCount >= total) reason = 'all_finished';
    else if (this.finishedCount >= TOP_RANKED) reason = 'top3_finished';
    else if (this.firstFinishAt !== null && this.raceTime - this.firstFinishAt >= CELEBRATION_TIMEOUT_S)
      reason = 'celebration_timeout';
    if (!reason) return;
    this.phase = 'finished';
    this.endReason = reason;
    for (const car of this.cars) if (car.place === 0) car.alive = false;
    this.events.push({ type: 'end', reason });
  }

  /** Cars in race order: finishers by place, then the rest by laps and distance since their last crossing. */
  ranking(): Car[] {
    return [...this.cars].sort((a, b) => {
      if (a.place && b.place) return a.place - b.place;
      if (a.place) return -1;
      if (b.place) return 1;
      return b.laps - a.laps || b.distanceSinceCross - a.distanceSinceCross || a.id - b.id;
    });
  }

  /** The top three, each with its place or null when it did not finish (DNF). */
  results(): ResultEntry[] {
    return this.ranking()
      .slice(0, TOP_RANKED)
      .map((c) => ({ carId: c.id, color: c.color, place: c.place || null, laps: c.laps }));
  }

  /** Takes the events since the last call. */
  drainEvents(): RaceEvent[] {
    const out = this.events;
    this.events = [];
    return out;
  }
}

/** How far a car sits from the centreline, left positive (along its sample's normal). */
export function lateralOf(track: Track, car: Car): number {
  const i = car.segIdx;
  return (car.x - track.cx[i]) * track.nx[i] + (car.y - track.cy[i]) * track.ny[i];
}

/**
 * Whether `limit` seconds have passed from race time `since` to `now`. The sum is done in
 * milliseconds, as when these timings were tuned, so a gap of exactly 72 or 54 steps falls
 * the way it always has (in seconds, rounding would tip a few such gaps the other way).
 */
export function hasElapsed(since: number, now: number, limit: number): boolean {
  return now * 1000 - since * 1000 >= limit * 1000;
}

/** Whether the move (x0, y0) → (x1, y1) crosses the start line in the direction of travel. */
export function crossesForward(track: Track, x0: number, y0: number, x1: number, y1: number): boolean {
  const { a, b, n } = track.start;
  const side0 = (x0 - a.x) * n.x + (y0 - a.y) * n.y;
  const side1 = (x1 - a.x) * n.x + (y1 - a.y) * n.y;
  if (!(side0 < 0 && side1 >= 0)) return false;
  // Where the move meets the line's infinite extension must lie between a and b.
  const t = side0 / (side0 - side1);
  const ix = lerp(x0, x1, t);
  const iy = lerp(y0, y1, t);
  const lx = b.x - a.x;
  const ly = b.y - a.y;
  const u = ((ix - a.x) * lx + (iy - a.y) * ly) / (lx * lx + ly * ly);
  return u >= -0.05 && u <= 1.05;
}
