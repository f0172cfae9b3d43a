import { describe, expect, it } from 'vitest';
import { INPUT_THRUST, LanderSession, type LanderSnapshot } from '../engine/index.ts';
import { LanderLoop } from './LanderLoop.ts';

function play(frameMs: number, seconds: number): { session: LanderSession; snapshots: LanderSnapshot[] } {
  const snapshots: LanderSnapshot[] = [];
  const loop = new LanderLoop((s) => snapshots.push(s));
  const session = new LanderSession(7);
  loop.restart(session);
  loop.setInput(INPUT_THRUST, true);
  for (let t = 0; t < seconds * 1000; t += frameMs) loop.advance(session, frameMs / 1000);
  return { session, snapshots };
}

describe('LanderLoop', () => {
  it('runs the same ticks at 144 Hz and 60 Hz frames, one snapshot per tick', () => {
    const fast = play(1000 / 144, 1);
    const slow = play(1000 / 60, 1);
    expect(fast.session.state.attemptTicks).toBeGreaterThanOrEqual(59);
    expect(Math.abs(fast.session.state.attemptTicks - slow.session.state.attemptTicks)).toBeLessThanOrEqual(
      1,
    );
    // Two for the restart, then one per tick.
    expect(fast.snapshots.length).toBe(2 + fast.session.state.attemptTicks);
    expect(fast.snapshots.at(-1)?.lander.firing).toBe(INPUT_THRUST);
  });

  it('shows a restart without interpolating from before, and reaches a tick with a press shorter than one', () => {
    const snapshots: LanderSnapshot[] = [];
    const loop = new LanderLoop((s) => snapshots.push(s));
    const session = new LanderSession(3);
    loop.restart(session);
    expect(snapshots[0]).toEqual(snapshots[1]);
    loop.setInput(INPUT_THRUST, true);
    loop.setInput(INPUT_THRUST, false);
    const frame = loop.advance(session, 1 / 60);
    expect(frame.ticks).toBe(1);
    expect(snapshots.at(-1)?.lander.firing).toBe(INPUT_THRUST);
  });

  it('marks the tick a game ends on with its touchdown and then stops ticking', () => {
    const snapshots: LanderSnapshot[] = [];
    const loop = new LanderLoop((s) => snapshots.push(s));
    const session = new LanderSession(11);
    loop.restart(session);
    let frame = loop.advance(session, 0.25);
    for (let i = 0; i < 4000 && !frame.touchdown; i++) frame = loop.advance(session, 0.25);
    expect(frame.touchdown).toBe(true);
    expect(frame.alpha).toBe(1);
    expect(snapshots.at(-1)?.touchdown).toBe(session.state.lastTouchdown?.landed ? 'landed' : 'crashed');
    expect(loop.advance(session, 0.25).ticks).toBe(0);
  });
});
