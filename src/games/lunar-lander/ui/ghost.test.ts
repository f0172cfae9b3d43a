import { describe, expect, it } from 'vitest';
import {
  autopilot,
  FOOT_DROP,
  FOOT_SPAN_HALF,
  ghostFlight,
  INPUT_THRUST,
  LanderSession,
  pilotView,
} from '../engine/index.ts';
import { type GhostRun, LanderGhosts, tickWithGhosts } from './ghost.ts';

/** A finished game where the autopilot lands `landings` levels. */
function recorded(seed: number, landings: number): GhostRun {
  const session = new LanderSession(seed);
  let landed = 0;
  while (session.state.phase !== 'gameover') {
    if (session.state.phase === 'landed') landed++;
    if (session.state.phase !== 'playing') session.continue();
    session.tick(landed < landings ? autopilot(pilotView(session.state)) : 0);
  }
  return { seed, inputs: session.inputLog(), playerName: 'P', score: session.score };
}

/**
 * Plays a live game the way the controller does (a ghost attempt begins with each live
 * attempt, one ghost tick per live tick), with the autopilot landing twice then a few
 * crashes; returns the live state after every tick.
 */
function playLive(seed: number, ghosts: LanderGhosts | null) {
  const session = new LanderSession(seed);
  const none = new LanderGhosts();
  const states = [session.state];
  let landed = 0;
  ghosts?.beginAttempt(session.state.level);
  while (session.state.phase !== 'gameover') {
    if (session.state.phase !== 'playing') {
      if (session.state.phase === 'landed') landed++;
      session.continue();
      ghosts?.beginAttempt(session.state.level);
    }
    const bits = landed < 2 ? autopilot(pilotView(session.state)) : 0;
    tickWithGhosts(session, ghosts ?? none, bits);
    states.push(session.state);
  }
  return { session, states };
}

describe('ghost landers beside the live game', () => {
  const best = recorded(7, 3);
  const top = recorded(8, 3);

  it('never change the live lander: with and without ghosts, every tick is the same', () => {
    const ghosts = new LanderGhosts();
    ghosts.setRun('best', best);
    ghosts.setRun('top', top);
    const withGhosts = playLive(1234, ghosts);
    const without = playLive(1234, null);
    expect(withGhosts.states.length).toBe(without.states.length);
    expect(withGhosts.states).toEqual(without.states);
    expect(withGhosts.session.inputLog()).toEqual(without.session.inputLog());
    expect(withGhosts.session.score).toBe(without.session.score);
  });

  it('fly in step with the live attempt and touch down on the live pad where they touched down on theirs', () => {
    const live = new LanderSession(99);
    const ghosts = new LanderGhosts();
    ghosts.setRun('best', best);
    ghosts.beginAttempt(1);
    const shown = () => ghosts.views(live.state.terrain, 1, () => true);
    expect(shown()).toHaveLength(1);
    // The live player hovers long enough for the ghost to finish its landing.
    const ticks = ghostFlight(best.seed, best.inputs, 1)!.inputs.length;
    for (let i = 0; i < ticks; i++) tickWithGhosts(live, ghosts, live.state.lander.vy < 0 ? INPUT_THRUST : 0);
    expect(live.state.phase).toBe('playing');
    const [view] = shown();
    const pad = live.state.terrain.platform;
    expect(view.y - FOOT_DROP).toBeCloseTo(pad.y, 9);
    expect(view.x - FOOT_SPAN_HALF).toBeGreaterThanOrEqual(pad.x0 - 1e-9);
    expect(view.x + FOOT_SPAN_HALF).toBeLessThanOrEqual(pad.x1 + 1e-9);
    expect(ghosts.info(() => true)).toEqual([
      { kind: 'best', label: 'Best', playerName: 'P', score: best.score },
    ]);
  });

  it('a run that arrives late catches up with the attempt', () => {
    const onTime = new LanderGhosts();
    onTime.setRun('top', top);
    onTime.beginAttempt(1);
    const late = new LanderGhosts();
    late.beginAttempt(1);
    const live = new LanderSession(5);
    for (let i = 0; i < 40; i++) {
      tickWithGhosts(live, late, 1);
      onTime.tick();
    }
    late.setRun('top', top);
    late.catchUp(live.state.attemptTicks);
    const terrain = live.state.terrain;
    expect(late.views(terrain, 1, () => true)).toEqual(onTime.views(terrain, 1, () => true));
  });

  it('shows only the kinds asked for, and nothing on a level its run never landed', () => {
    const ghosts = new LanderGhosts();
    ghosts.setRun('best', best);
    ghosts.setRun('top', top);
    ghosts.beginAttempt(1);
    const terrain = new LanderSession(1).state.terrain;
    expect(ghosts.views(terrain, 0, (k) => k === 'best').map((v) => v.label)).toEqual(['Best']);
    expect(ghosts.views(terrain, 0, () => true).map((v) => v.label)).toEqual(['Best', '#1']);
    ghosts.beginAttempt(4);
    expect(ghosts.views(terrain, 0, () => true)).toEqual([]);
    // The player's best is the board's #1: one ghost with both labels.
    ghosts.setRun('top', { ...best, playerName: 'Also P' });
    ghosts.beginAttempt(1);
    expect(ghosts.views(terrain, 0, () => true).map((v) => v.label)).toEqual(['Best · #1']);
    expect(ghosts.views(terrain, 0, (k) => k === 'top').map((v) => v.label)).toEqual(['#1']);
  });
});
