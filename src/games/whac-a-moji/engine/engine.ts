/**
 * Whac-a-Moji engine: a pure, deterministic state machine (games spec §4) driven by
 * named actions and a fixed-step `step()` (one tick = TICK_MS). Same seed + same
 * actions at the same ticks = same game, which is what the server replays.
 */
import { createRng, type Rng } from '../../../lib/pure/rng.ts';
import {
  BEEP_LAST_MS,
  COUNTDOWN_START,
  COUNTDOWN_TICKS,
  CROSS_SHOW_TICKS,
  EMOJIS,
  GRIDS,
  HIT_SHOW_TICKS,
  hitPoints,
  MAX_MISSED_TIMEOUTS,
  MISS_PENALTY,
  ROUND_TICKS,
  SPAWN_TICKS,
  TICK_MS,
  TICKS_PER_SECOND,
  TOTAL_ROUNDS,
} from './constants.ts';

export type Phase = 'waiting' | 'round-start' | 'playing' | 'round-end' | 'game-over' | 'finished';
export type EndedBy = 'timeouts' | 'completed';

/** A grid slot (spec §3): emoji, isHit, countdown, spawnTime; plus what the cross/hit display needs. */
export interface Slot {
  /** null = empty. */
  emoji: string | null;
  isHit: boolean;
  /** 3, 2, 1 while up; the value at the moment of the hit once hit. */
  countdown: number;
  /** Round tick the emoji appeared at (-1 when empty). */
  spawnTime: number;
  /** Points the hit gave (for the score pop); 0 otherwise. */
  points: number;
  /** Round tick until which the hit emoji stays shown. */
  hitUntil: number;
  /** Round tick until which a missed click's red cross shows; -1 = no cross. */
  crossUntil: number;
  /** Increments on each spawn/miss in this slot so the UI can replay pop-in/cross animations. */
  serial: number;
}

export interface RoundStats {
  round: number;
  hits: number;
  points: number;
  missClicks: number;
  /** Points actually taken away by miss clicks (the penalty stops at 0). */
  pointsLost: number;
  timeouts: number;
  spawned: number;
  /** Hits while the countdown showed 3 (the 20-point tier). */
  fastHits: number;
}

export type WhacAction =
  | { type: 'startGame' }
  | { type: 'startRound' }
  | { type: 'whack'; slot: number }
  | { type: 'nextRound' }
  | { type: 'playAgain' };

export type WhacEvent =
  | { type: 'roundStarted'; round: number }
  | { type: 'spawn'; slot: number }
  | { type: 'hit'; slot: number; points: number; countdown: number }
  | { type: 'miss'; slot: number; penalty: number }
  | { type: 'timeout'; slot: number; missedTimeouts: number }
  | { type: 'beep'; secondsLeft: number }
  | { type: 'roundEnded'; round: number }
  | { type: 'gameOver' }
  | { type: 'finished' };

export interface WhacState {
  phase: Phase;
  /** 1-based round; 0 before the game starts. */
  round: number;
  rows: number;
  cols: number;
  slots: Slot[];
  /** Ticks played in the whole game (only playing ticks count): the input log's clock. */
  tick: number;
  /** Ticks elapsed in the current round. */
  roundTick: number;
  score: number;
  missedTimeouts: number;
  roundsCompleted: number;
  endedBy: EndedBy | null;
  /** Stats of the current (or just ended) round. */
  roundStats: RoundStats;
  /** Stats of every ended round. */
  history: RoundStats[];
  /** Bumps whenever anything on the grid changes, so a view redraws only then. */
  version: number;
}

function emptySlot(): Slot {
  return {
    emoji: null,
    isHit: false,
    countdown: 0,
    spawnTime: -1,
    points: 0,
    hitUntil: -1,
    crossUntil: -1,
    serial: 0,
  };
}

function emptyStats(round: number): RoundStats {
  return { round, hits: 0, points: 0, missClicks: 0, pointsLost: 0, timeouts: 0, spawned: 0, fastHits: 0 };
}

export function gridForRound(round: number): { rows: number; cols: number } {
  return GRIDS[Math.min(Math.max(round, 1), TOTAL_ROUNDS) - 1];
}

/** Milliseconds left in the round (for the timer display). */
export function msLeft(state: WhacState): number {
  return Math.max(0, (ROUND_TICKS - state.roundTick) * TICK_MS);
}

export function scoreMetadata(state: WhacState) {
  return {
    roundsCompleted: state.roundsCompleted,
    endedBy: state.endedBy,
    missedTimeouts: state.missedTimeouts,
    totalRounds: TOTAL_ROUNDS,
  };
}

/** Seconds of play the run took (playing time only, from the engine's clock). */
export function playedSeconds(state: WhacState): number {
  return Math.round((state.tick * TICK_MS) / 1000);
}

export class WhacEngine {
  readonly state: WhacState;
  private rng: Rng;
  private readonly seed: number;

  constructor(seed: number) {
    this.seed = seed >>> 0;
    this.rng = createRng(this.seed);
    this.state = {
      phase: 'waiting',
      round: 0,
      rows: GRIDS[0].rows,
      cols: GRIDS[0].cols,
      slots: [],
      tick: 0,
      roundTick: 0,
      score: 0,
      missedTimeouts: 0,
      roundsCompleted: 0,
      endedBy: null,
      roundStats: emptyStats(0),
      history: [],
      version: 0,
    };
    this.layoutGrid(1);
  }

  /**
   * Applies a user action. Returns the events it caused, or null when the action is
   * not allowed in the current phase (the caller must not log rejected actions).
   */
  dispatch(action: WhacAction): WhacEvent[] | null {
    switch (action.type) {
      case 'startGame':
        return this.startGame();
      case 'startRound':
        return this.startRound();
      case 'whack':
        return this.whack(action.slot);
      case 'nextRound':
        return this.nextRound();
      case 'playAgain':
        return this.playAgain();
    }
  }

  startGame(): WhacEvent[] | null {
    const s = this.state;
    if (s.phase !== 'waiting') return null;
    s.phase = 'round-start';
    s.round = 1;
    s.tick = 0;
    s.score = 0;
    s.missedTimeouts = 0;
    s.roundsCompleted = 0;
    s.endedBy = null;
    s.history = [];
    s.roundStats = emptyStats(1);
    this.layoutGrid(1);
    return [];
  }

  startRound(): WhacEvent[] | null {
    const s = this.state;
    if (s.phase !== 'round-start') return null;
    s.phase = 'playing';
    s.roundTick = 0;
    s.roundStats = emptyStats(s.round);
    this.layoutGrid(s.round);
    const events: WhacEvent[] = [{ type: 'roundStarted', round: s.round }];
    this.spawn(events);
    return events;
  }

  /** A click/tap on slot `slot`: hit an emoji, or a miss (−1, min 0) with a red cross. */
  whack(slot: number): WhacEvent[] | null {
    const s = this.state;
    if (s.phase !== 'playing') return null;
    if (!Number.isInteger(slot) || slot < 0 || slot >= s.slots.length) return null;
    const cell = s.slots[slot];
    s.version++;
    if (cell.emoji !== null && !cell.isHit) {
      const points = hitPoints((s.roundTick - cell.spawnTime) * TICK_MS);
      cell.isHit = true;
      cell.points = points;
      cell.hitUntil = s.roundTick + HIT_SHOW_TICKS;
      s.score += points;
      s.roundStats.hits++;
      s.roundStats.points += points;
      if (cell.countdown >= COUNTDOWN_START) s.roundStats.fastHits++;
      return [{ type: 'hit', slot, points, countdown: cell.countdown }];
    }
    if (cell.emoji !== null && cell.isHit) {
      // A second tap on an emoji already whacked is not a miss: no penalty, nothing changes.
      s.version--;
      return [];
    }
    const penalty = Math.min(MISS_PENALTY, s.score);
    s.score -= penalty;
    s.roundStats.missClicks++;
    s.roundStats.pointsLost += penalty;
    cell.crossUntil = s.roundTick + CROSS_SHOW_TICKS;
    cell.serial++;
    return [{ type: 'miss', slot, penalty }];
  }

  /** Round-end -> round-start (Next Round); there is no round-end after the 8th round (see step). */
  nextRound(): WhacEvent[] | null {
    const s = this.state;
    if (s.phase !== 'round-end' || s.round >= TOTAL_ROUNDS) return null;
    s.round++;
    s.phase = 'round-start';
    s.roundStats = emptyStats(s.round);
    this.layoutGrid(s.round);
    return [];
  }

  /** Back to the start screen; the same engine could replay, but a new game gets a new seed. */
  playAgain(): WhacEvent[] | null {
    const s = this.state;
    if (s.phase !== 'game-over' && s.phase !== 'finished') return null;
    s.phase = 'waiting';
    s.round = 0;
    s.roundTick = 0;
    this.layoutGrid(1);
    return [];
  }

  /** One fixed step of TICK_MS. Does nothing (and the clock does not move) outside play. */
  step(): WhacEvent[] {
    const s = this.state;
    if (s.phase !== 'playing') return [];
    const events: WhacEvent[] = [];
    s.tick++;
    s.roundTick++;
    const t = s.roundTick;

    for (let i = 0; i < s.slots.length; i++) {
      const cell = s.slots[i];
      if (cell.crossUntil >= 0 && t >= cell.crossUntil) {
        cell.crossUntil = -1;
        s.version++;
      }
      if (cell.emoji === null) continue;
      if (cell.isHit) {
        if (t >= cell.hitUntil) {
          this.clearSlot(cell);
          s.version++;
        }
        continue;
      }
      if ((t - cell.spawnTime) % COUNTDOWN_TICKS === 0) {
        cell.countdown--;
        s.version++;
        if (cell.countdown <= 0) {
          this.clearSlot(cell);
          s.missedTimeouts++;
          s.roundStats.timeouts++;
          events.push({ type: 'timeout', slot: i, missedTimeouts: s.missedTimeouts });
          if (s.missedTimeouts >= MAX_MISSED_TIMEOUTS) {
            s.phase = 'game-over';
            s.endedBy = 'timeouts';
            s.history.push({ ...s.roundStats });
            events.push({ type: 'gameOver' });
            return events;
          }
        }
      }
    }

    if (t >= ROUND_TICKS) {
      for (const cell of s.slots) this.clearSlot(cell);
      s.version++;
      s.phase = 'round-end';
      s.roundsCompleted++;
      s.history.push({ ...s.roundStats });
      events.push({ type: 'roundEnded', round: s.round });
      // Spec §4: "Round-end -> round-start (Next Round), or -> finished after the 8th round":
      // no action leads from the 8th round's end to finished, so the game goes on at once.
      if (s.round >= TOTAL_ROUNDS) {
        s.phase = 'finished';
        s.endedBy = 'completed';
        events.push({ type: 'finished' });
      }
      return events;
    }

    const left = ROUND_TICKS - t;
    if (left % TICKS_PER_SECOND === 0 && left * TICK_MS <= BEEP_LAST_MS) {
      events.push({ type: 'beep', secondsLeft: left / TICKS_PER_SECOND });
    }
    if (t % SPAWN_TICKS === 0) this.spawn(events);
    return events;
  }

  private spawn(events: WhacEvent[]) {
    const s = this.state;
    const free: number[] = [];
    for (let i = 0; i < s.slots.length; i++) if (s.slots[i].emoji === null) free.push(i);
    if (free.length === 0) return;
    const index = free[this.rng.int(0, free.length - 1)];
    const cell = s.slots[index];
    cell.emoji = this.rng.pick(EMOJIS);
    cell.isHit = false;
    cell.countdown = COUNTDOWN_START;
    cell.spawnTime = s.roundTick;
    cell.points = 0;
    cell.hitUntil = -1;
    cell.crossUntil = -1;
    cell.serial++;
    s.roundStats.spawned++;
    s.version++;
    events.push({ type: 'spawn', slot: index });
  }

  private clearSlot(cell: Slot) {
    cell.emoji = null;
    cell.isHit = false;
    cell.countdown = 0;
    cell.spawnTime = -1;
    cell.points = 0;
    cell.hitUntil = -1;
  }

  private layoutGrid(round: number) {
    const s = this.state;
    const { rows, cols } = gridForRound(round);
    s.rows = rows;
    s.cols = cols;
    s.slots = Array.from({ length: rows * cols }, emptySlot);
    s.version++;
  }

  /** The seed this engine was created with. */
  get seedValue(): number {
    return this.seed;
  }
}
