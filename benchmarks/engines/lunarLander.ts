/** Lunar Lander engine: the cost of one fixed step, and of verifying a whole run on the server. */
import {
  autopilot,
  continueGame,
  createGame,
  InputRecorder,
  type LanderState,
  pilotView,
  replayLanderRun,
  step,
} from '../../src/games/lunar-lander/engine/index.ts';
import type { EngineCase } from './types.ts';

const SEED = 20_261_122;
const TICKS_PER_CALL = 600; // 10 s of play at 60 Hz

/** 10 s of autopiloted play, continuing after each landing or crash, restarting after game over. */
function playTenSeconds(): LanderState {
  let state = createGame(SEED);
  for (let i = 0; i < TICKS_PER_CALL; i++) {
    if (state.phase === 'gameover') state = createGame(SEED + i);
    else if (state.phase !== 'playing') state = continueGame(state);
    state = step(state, autopilot(pilotView(state)));
  }
  return state;
}

/**
 * A complete run for the verifier: the autopilot lands five levels, then the lander falls
 * without thrust until all lives are gone (the log must end at game over to verify).
 */
export function recordFullRun(): { ticks: number; log: ReturnType<InputRecorder['log']> } {
  const recorder = new InputRecorder();
  let state = createGame(SEED);
  while (state.phase !== 'gameover' && recorder.ticks < 200_000) {
    if (state.phase !== 'playing') state = continueGame(state);
    const bits = state.level <= 5 ? autopilot(pilotView(state)) : 0;
    recorder.record(bits);
    state = step(state, bits);
  }
  if (state.phase !== 'gameover') throw new Error('the recorded Lunar Lander run did not reach game over');
  return { ticks: recorder.ticks, log: recorder.log() };
}

export function lunarLanderCases(): EngineCase[] {
  const run = recordFullRun();
  if (!replayLanderRun(SEED, run.log)) throw new Error('the recorded Lunar Lander run does not verify');
  return [
    {
      id: 'engines.lunar-lander.step',
      label: 'Lunar Lander step (autopilot input)',
      fn: playTenSeconds,
      unitsPerCall: TICKS_PER_CALL,
      unit: 'µs/tick',
    },
    {
      id: 'engines.lunar-lander.verifyRun',
      label: `Lunar Lander server verification of a ${run.ticks}-tick run`,
      fn: () => replayLanderRun(SEED, run.log),
      unitsPerCall: 1,
      unit: 'ms/run',
    },
  ];
}
