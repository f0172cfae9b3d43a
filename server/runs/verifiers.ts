import { replayLanderRun } from '../../src/games/lunar-lander/engine/replay.ts';
import { replayWhacRun } from '../../src/games/whac-a-moji/engine/replay.ts';
import type { RunVerifier } from './registry.ts';

/** game_id → replay verifier. Game helpers add their engine's replay here. */
export const runVerifiers: Record<string, RunVerifier> = {
  'lunar-lander': replayLanderRun,
  'whac-a-moji': replayWhacRun,
};
