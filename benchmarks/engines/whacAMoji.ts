/** Whac-a-Moji engine: the cost of one 10 ms tick of a busy round, and of verifying a full game. */
import { TOTAL_ROUNDS } from '../../src/games/whac-a-moji/engine/constants.ts';
import { WhacEngine, type WhacState } from '../../src/games/whac-a-moji/engine/engine.ts';
import {
  RecordedWhacGame,
  replayWhacRun,
  type WhacInput,
} from '../../src/games/whac-a-moji/engine/replay.ts';
import type { EngineCase } from './types.ts';

const SEED = 20_261_122;
const TICKS_PER_CALL = 3000; // one 30 s round at 10 ms per tick

/** A player who hits a live emoji every 37th tick: the round stays busy without ending early. */
function liveSlot(state: WhacState): number {
  return state.slots.findIndex((slot) => slot.emoji !== null && !slot.isHit);
}

/** Plays one round; returns the ticks played (the whole round unless the game ended early). */
function playOneRound(): number {
  const engine = new WhacEngine(SEED);
  engine.startGame();
  engine.startRound();
  for (let i = 0; i < TICKS_PER_CALL && engine.state.phase === 'playing'; i++) {
    if (i % 37 === 0) {
      const slot = liveSlot(engine.state);
      if (slot >= 0) engine.whack(slot);
    }
    engine.step();
  }
  return engine.state.roundTick;
}

/** All eight rounds played by the same player, logged as the client would send them. */
export function recordFullGame(): WhacInput[] {
  const game = new RecordedWhacGame(SEED);
  game.dispatch({ type: 'startGame' });
  let guard = 0;
  while (game.state.phase !== 'finished' && game.state.phase !== 'game-over' && guard++ < 1_000_000) {
    const s = game.state;
    if (s.phase === 'round-start') game.dispatch({ type: 'startRound' });
    else if (s.phase === 'round-end') game.dispatch({ type: 'nextRound' });
    else {
      if (s.tick % 37 === 0) {
        const slot = liveSlot(s);
        if (slot >= 0) game.dispatch({ type: 'whack', slot });
      }
      game.step();
    }
  }
  if (game.state.roundsCompleted !== TOTAL_ROUNDS)
    throw new Error('the recorded Whac-a-Moji game did not finish all rounds');
  return game.inputs;
}

export function whacAMojiCases(): EngineCase[] {
  // Time per tick divides by TICKS_PER_CALL: make sure the round really lasts that long.
  const played = playOneRound();
  if (played !== TICKS_PER_CALL)
    throw new Error(`the benchmark round ended after ${played} of ${TICKS_PER_CALL} ticks`);
  const inputs = recordFullGame();
  if (!replayWhacRun(SEED, inputs)) throw new Error('the recorded Whac-a-Moji game does not verify');
  return [
    {
      id: 'engines.whac-a-moji.tick',
      label: 'Whac-a-Moji tick (busy round)',
      fn: playOneRound,
      unitsPerCall: TICKS_PER_CALL,
      unit: 'µs/tick',
    },
    {
      id: 'engines.whac-a-moji.verifyRun',
      label: `Whac-a-Moji server verification of a full game (${inputs.length} inputs)`,
      fn: () => replayWhacRun(SEED, inputs),
      unitsPerCall: 1,
      unit: 'ms/run',
    },
  ];
}
