/**
 * Input log of a Whac-a-Moji run and its replay (server-side verification).
 * A log entry is `[tick, code]` or `[tick, WHACK, slot]`: the action was applied after
 * `tick` engine steps of play (the engine clock only runs while playing).
 */
import { MAX_MISSED_TIMEOUTS, ROUND_TICKS, TOTAL_ROUNDS } from './constants.ts';
import { playedSeconds, type WhacAction, WhacEngine, type WhacEvent, type WhacState } from './engine.ts';

export const INPUT_CODES = { startGame: 0, startRound: 1, whack: 2, nextRound: 3 } as const;

export type WhacInput = [tick: number, code: number] | [tick: number, code: number, slot: number];

/** Upper bound on a log's length: far above what a person can tap in 8 × 30 s. */
export const MAX_INPUTS = 20_000;
/** The whole game can never take more playing ticks than this. */
export const MAX_TICKS = TOTAL_ROUNDS * ROUND_TICKS;

/** The log entry for an action the engine accepted at `tick`; null for actions that are not logged. */
export function encodeInput(tick: number, action: WhacAction): WhacInput | null {
  switch (action.type) {
    case 'startGame':
      return [tick, INPUT_CODES.startGame];
    case 'startRound':
      return [tick, INPUT_CODES.startRound];
    case 'whack':
      return [tick, INPUT_CODES.whack, action.slot];
    case 'nextRound':
      return [tick, INPUT_CODES.nextRound];
    case 'playAgain':
      return null;
  }
}

function decodeAction(entry: unknown): { tick: number; action: WhacAction } | null {
  if (!Array.isArray(entry) || entry.length < 2 || entry.length > 3) return null;
  const [tick, code, slot] = entry as unknown[];
  if (typeof tick !== 'number' || !Number.isSafeInteger(tick) || tick < 0 || tick > MAX_TICKS) return null;
  if (typeof code !== 'number') return null;
  if (code === INPUT_CODES.whack) {
    if (entry.length !== 3 || typeof slot !== 'number' || !Number.isSafeInteger(slot) || slot < 0)
      return null;
    return { tick, action: { type: 'whack', slot } };
  }
  if (entry.length !== 2) return null;
  if (code === INPUT_CODES.startGame) return { tick, action: { type: 'startGame' } };
  if (code === INPUT_CODES.startRound) return { tick, action: { type: 'startRound' } };
  if (code === INPUT_CODES.nextRound) return { tick, action: { type: 'nextRound' } };
  return null;
}

export interface WhacReplayResult {
  score: number;
  roundsCompleted: number;
  missedTimeouts: number;
  endedBy: 'timeouts' | 'completed';
  /** Seconds of play (engine clock). */
  duration: number;
}

/**
 * Replays a run from its seed and input log. Returns the final result, or null when the
 * log is malformed: not an array, a bad entry, ticks going backwards, an action the game
 * would have refused, time passing outside play, or a game that did not end (game-over
 * or finished). Never throws.
 */
export function replayWhacRun(seed: unknown, inputs: unknown): WhacReplayResult | null {
  try {
    if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) return null;
    if (!Array.isArray(inputs) || inputs.length === 0 || inputs.length > MAX_INPUTS) return null;
    const engine = new WhacEngine(seed);
    const s = engine.state;
    for (const entry of inputs) {
      const decoded = decodeAction(entry);
      if (!decoded) return null;
      if (decoded.tick < s.tick) return null;
      while (s.tick < decoded.tick) {
        if (s.phase !== 'playing') return null;
        engine.step();
      }
      if (engine.dispatch(decoded.action) === null) return null;
    }
    // The run plays out on its own after the last input until the round's timer or the timeouts end it.
    while (s.phase === 'playing') engine.step();
    return finalResult(s);
  } catch {
    return null;
  }
}

function finalResult(s: WhacState): WhacReplayResult | null {
  if (s.phase !== 'game-over' && s.phase !== 'finished') return null;
  if (s.phase === 'game-over' && s.missedTimeouts < MAX_MISSED_TIMEOUTS) return null;
  return {
    score: s.score,
    roundsCompleted: s.roundsCompleted,
    missedTimeouts: s.missedTimeouts,
    endedBy: s.endedBy ?? 'timeouts',
    duration: playedSeconds(s),
  };
}

/**
 * An engine plus the log of the actions it accepted: what the page drives, and what the
 * property tests compare with `replayWhacRun`.
 */
export class RecordedWhacGame {
  readonly engine: WhacEngine;
  readonly inputs: WhacInput[] = [];

  constructor(seed: number) {
    this.engine = new WhacEngine(seed);
  }

  get state(): WhacState {
    return this.engine.state;
  }

  /** Applies and logs an action; rejected actions (wrong phase, bad slot) are neither applied nor logged. */
  dispatch(action: WhacAction): WhacEvent[] | null {
    const tick = this.engine.state.tick;
    const events = this.engine.dispatch(action);
    if (events === null) return null;
    const entry = encodeInput(tick, action);
    if (entry) this.inputs.push(entry);
    return events;
  }

  step(): WhacEvent[] {
    return this.engine.step();
  }
}
