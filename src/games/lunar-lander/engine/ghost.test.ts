import { describe, expect, it } from 'vitest';
import { autopilot, pilotView } from './autopilot.ts';
import { scoreOf } from './game.ts';
import { GhostReplay, ghostFlight } from './ghost.ts';
import { replayLanderRun } from './replay.ts';
import { LanderSession } from './session.ts';

/** The autopilot lands `landings` times (crashing first on level 2), then the lander drops to game over. */
function recordedRun(seed: number, landings: number) {
  const session = new LanderSession(seed);
  const landedAt: { level: number; score: number; x: number; vx: number; bonus: number }[] = [];
  let crashedOnce = false;
  while (session.state.phase !== 'gameover') {
    if (session.state.phase === 'landed') {
      const t = session.state.lastTouchdown!;
      landedAt.push({
        level: t.level,
        score: session.score,
        x: session.state.lander.x,
        vx: t.vx,
        bonus: t.bonus,
      });
    }
    if (session.state.phase === 'crashed') crashedOnce = true;
    if (session.state.phase !== 'playing') session.continue();
    const flying = landedAt.length < landings && (session.state.level !== 2 || crashedOnce);
    session.tick(flying ? autopilot(pilotView(session.state)) : 0);
  }
  return { session, landedAt };
}

describe('ghost replay of a stored run', () => {
  const seed = 31337;
  const { session, landedAt } = recordedRun(seed, 3);
  const log = session.inputLog();

  it('lands each level exactly where the run landed, with the same score', () => {
    expect(replayLanderRun(seed, log)).toEqual({ score: session.score, levelsCleared: 3 });
    expect(landedAt.map((l) => l.level)).toEqual([1, 2, 3]);
    for (const landing of landedAt) {
      const flight = ghostFlight(seed, log, landing.level);
      expect(flight).not.toBeNull();
      const ghost = new GhostReplay(flight!);
      let ticks = 0;
      while (!ghost.done) {
        ghost.step();
        ticks++;
      }
      expect(ticks).toBe(flight!.inputs.length);
      expect(ghost.state.phase).toBe('landed');
      expect(ghost.state.lastTouchdown).toMatchObject({
        landed: true,
        level: landing.level,
        bonus: landing.bonus,
      });
      expect(ghost.state.lander.x).toBe(landing.x);
      expect(ghost.state.lastTouchdown!.vx).toBe(landing.vx);
      expect(scoreOf(ghost.state)).toBe(landing.score);
      // Resting after touchdown, and again from the top on restart.
      ghost.step();
      expect(ghost.state.lander.x).toBe(landing.x);
      ghost.restart();
      expect(ghost.state).toBe(flight!.start);
    }
  });

  it('flies the landing attempt, not the crash before it', () => {
    const flight = ghostFlight(seed, log, 2)!;
    expect(flight.start.level).toBe(2);
    expect(flight.start.lives).toBe(2);
  });

  it('has no flight for a level the run never landed, nor for a bad log or seed', () => {
    expect(ghostFlight(seed, log, 4)).toBeNull();
    expect(ghostFlight(seed, log, 0)).toBeNull();
    expect(ghostFlight(seed, { v: 1, runs: [0] }, 1)).toBeNull();
    expect(ghostFlight(seed, 'junk', 1)).toBeNull();
    expect(ghostFlight(-1, log, 1)).toBeNull();
    expect(ghostFlight('31337', log, 1)).toBeNull();
  });
});
