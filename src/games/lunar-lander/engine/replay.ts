import { continueGame, createGame, type LanderState, scoreOf, step } from './game.ts';
import { decodeInputLog } from './inputLog.ts';

/**
 * Replays a whole run: the game from `seed`, then the logged ticks, continuing after each
 * landing or crash exactly where the next logged tick begins. Returns the final state, or
 * null when the log is malformed, too long, or has ticks left after the game ended.
 */
export function replayLanderState(seed: unknown, inputs: unknown): LanderState | null {
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed) || seed < 0 || seed > 0xffffffff) return null;
  const runs = decodeInputLog(inputs);
  if (!runs) return null;
  let state = createGame(seed);
  for (const [bits, count] of runs) {
    for (let i = 0; i < count; i++) {
      if (state.phase === 'gameover') return null;
      if (state.phase !== 'playing') state = continueGame(state);
      state = step(state, bits);
    }
  }
  return state;
}

/**
 * Server-side verifier (server/runs/verifiers.ts): the score a finished run really
 * reached and how many levels it landed (which levels its log can fly as a ghost), or
 * null for a log that is malformed or does not end at game over. Never throws.
 */
export function replayLanderRun(
  seed: number,
  inputs: unknown,
): { score: number; levelsCleared: number } | null {
  try {
    const state = replayLanderState(seed, inputs);
    if (state?.phase !== 'gameover') return null;
    return { score: scoreOf(state), levelsCleared: state.level - 1 };
  } catch {
    return null;
  }
}
