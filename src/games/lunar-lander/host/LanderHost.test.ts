import { describe, expect, it } from 'vitest';
import { TestClock } from '../../../lib/runtime/clock.ts';
import { expectSameTimeAt144And60Hz } from '../../../lib/runtime/hostTesting.testutil.ts';
import {
  autopilot,
  INPUT_LEFT,
  INPUT_THRUST,
  LanderSession,
  type LanderTickSnapshot,
  pilotView,
  replayLanderState,
  TICK_HZ,
} from '../engine/index.ts';
import { type GhostRun, LanderGhosts } from './ghosts.ts';
import { LanderHost, type LanderHostMessage } from './LanderHost.ts';

const TICK_MS = 1000 / TICK_HZ;

/** A host on a test clock, its page messages collected. */
function hostOnClock() {
  const clock = new TestClock();
  const host = new LanderHost({ clock });
  const messages: LanderHostMessage[] = [];
  host.listen({ postMessage: (m: LanderHostMessage) => messages.push(m) } as never);
  return { clock, host, messages };
}

/** Lets the snapshot promises' callbacks run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('LanderHost', () => {
  it('runs game time at the same rate with 144 Hz and 60 Hz frames, within 1 % after 10 s', async () => {
    // Thrust held: the lander climbs to the ceiling and hovers there, no touchdown for 10 s.
    await expectSameTimeAt144And60Hz(() => {
      const { clock, host } = hostOnClock();
      host.start(7);
      host.setInput(INPUT_THRUST);
      const gameTime = (snapshot: LanderTickSnapshot) => snapshot.ticks * TICK_MS;
      return {
        clock,
        nextSnapshot: () => host.nextSnapshot(null),
        gameTime,
        settle,
        dispose: () => host.dispose(),
      };
    }, 9_800);
  });

  it('applies input on the next tick and echoes its number in that snapshot', async () => {
    const { clock, host } = hostOnClock();
    host.start(3);
    const first = await host.nextSnapshot(null);
    expect(first.lander.firing).toBe(0);
    expect(first.input).toBe(0);
    host.setInput(INPUT_THRUST, 41);
    // Nothing until a tick runs: the request waits for it.
    let next: LanderTickSnapshot | null = null;
    host.nextSnapshot(null).then((s) => {
      next = s;
    });
    await settle();
    expect(next).toBeNull();
    clock.advance(TICK_MS);
    await settle();
    expect(next).not.toBeNull();
    expect(next!.ticks).toBe(1);
    expect(next!.lander.firing).toBe(INPUT_THRUST);
    expect(next!.input).toBe(41);
    // A press shorter than a tick still reaches one.
    host.setInput(INPUT_THRUST | INPUT_LEFT, 0);
    host.setInput(INPUT_THRUST, 0);
    clock.advance(TICK_MS);
    const after = await host.nextSnapshot(null);
    expect(after.lander.firing).toBe(INPUT_THRUST | INPUT_LEFT);
    expect(after.input).toBe(41);
    host.dispose();
  });

  it('sends the tick that applies a press to the scene at once when no request waits, and only that tick', async () => {
    const { clock, host } = hostOnClock();
    const unasked: LanderTickSnapshot[] = [];
    host.sendUnaskedSnapshots((snapshot) => unasked.push(snapshot));
    host.start(3);
    await host.nextSnapshot(null);
    // Ticks alone wait for the scene's next request.
    clock.advance(TICK_MS);
    expect(unasked).toEqual([]);
    await host.nextSnapshot(null);
    host.setInput(INPUT_THRUST, 42);
    expect(unasked).toEqual([]);
    clock.advance(TICK_MS);
    expect(unasked).toHaveLength(1);
    expect(unasked[0].input).toBe(42);
    expect(unasked[0].lander.firing).toBe(INPUT_THRUST);
    // Held, the same press brings nothing new: the next tick waits for a request again.
    clock.advance(TICK_MS);
    expect(unasked).toHaveLength(1);
    host.dispose();
  });

  it("sends the touchdown with a log that is exactly what the engine consumed; the scene's snapshot carries it once", async () => {
    const { clock, host, messages } = hostOnClock();
    const seed = 11;
    host.start(seed);
    host.setInput(INPUT_THRUST);
    clock.advance(500);
    host.setInput(0);
    for (let i = 0; i < 200 && !messages.some((m) => m.type === 'touchdown'); i++) clock.advance(250);
    const touchdown = messages.find((m) => m.type === 'touchdown');
    if (touchdown?.type !== 'touchdown') throw new Error('no touchdown');
    expect(touchdown.status.phase).toBe('crashed');
    expect(touchdown.status.lives).toBe(2);
    const replayed = replayLanderState(seed, touchdown.inputs);
    expect(replayed?.phase).toBe('crashed');
    const down = await host.nextSnapshot(null);
    expect(down.touchdown).toBe('crashed');
    expect(down.ticks).toBe(replayed!.runTicks);
    // The readouts came 10 times a second of game time while flying.
    const readouts = messages.filter((m) => m.type === 'telemetry').length;
    expect(readouts).toBe(Math.floor(replayed!.runTicks / 6));
    // The touchdown went with that snapshot; the next one (a new ghost setting) does not repeat it.
    host.setShowTop(true);
    expect((await host.nextSnapshot(null)).touchdown).toBeNull();
    // The clock stops while the lander is down.
    const ticks = replayed!.runTicks;
    clock.advance(1000);
    expect(host.status()?.phase).toBe('crashed');
    expect(clock.scheduled).toBe(0);
    // Try again: the same level from the top, drawn without sliding from the crash.
    const again = host.continueGame();
    expect(again).toMatchObject({ phase: 'playing', level: 1, lives: 2 });
    const top = await host.nextSnapshot(null);
    expect(top.ticks).toBe(ticks);
    expect(top.attempt).toBeGreaterThan(1);
    host.dispose();
  });

  it('resumes a game from its seed and log (a restarted worker) exactly where the log ends', () => {
    const session = new LanderSession(5);
    let landed = false;
    while (!landed) {
      session.tick(autopilot(pilotView(session.state)));
      landed = session.state.phase === 'landed';
    }
    const { host } = hostOnClock();
    const status = host.resume(5, session.inputLog());
    expect(status).toMatchObject({ phase: 'landed', level: 2, score: session.score });
    expect(host.continueGame()).toMatchObject({ phase: 'playing', level: 2, lives: 3 });
    expect(host.resume(5, { v: 1, runs: [-1] } as never)).toBeNull();
    host.dispose();
  });

  it('flies the ghosts exactly as a replay of their runs, beside an unchanged live game', async () => {
    // A run that lands level 1.
    const recorded = new LanderSession(8);
    while (recorded.state.phase !== 'gameover') {
      if (recorded.state.phase !== 'playing') recorded.continue();
      recorded.tick(recorded.state.level === 1 ? autopilot(pilotView(recorded.state)) : 0);
    }
    const run: GhostRun = { seed: 8, inputs: recorded.inputLog(), playerName: 'P', score: recorded.score };

    const withGhost = hostOnClock();
    const without = hostOnClock();
    withGhost.host.start(21);
    without.host.start(21);
    withGhost.host.setGhostRuns(1, { best: run });
    const info = withGhost.messages.filter((m) => m.type === 'ghosts').at(-1);
    expect(info).toEqual({
      type: 'ghosts',
      ghosts: [{ kind: 'best', label: 'Best', playerName: 'P', score: run.score }],
    });

    // The same ghost flown by hand, one tick per live tick, from the same live session.
    const reference = new LanderGhosts();
    const live = new LanderSession(21);
    reference.setRun('best', run);
    reference.beginAttempt(1);
    for (let tick = 1; tick <= 120; tick++) {
      const bits = tick % 40 < 20 ? INPUT_THRUST : 0;
      withGhost.host.setInput(bits);
      without.host.setInput(bits);
      withGhost.clock.advance(TICK_MS);
      without.clock.advance(TICK_MS);
      live.tick(bits);
      reference.tick();
      const a = await withGhost.host.nextSnapshot(null);
      const b = await without.host.nextSnapshot(null);
      expect(a.lander).toEqual(b.lander);
      expect(a.lander.x).toBe(live.state.lander.x);
      expect(a.ticks).toBe(tick);
      expect(a.ghosts).toEqual(reference.views(live.state.terrain, 1, () => true));
      expect(b.ghosts).toBeUndefined();
    }
    withGhost.host.dispose();
    without.host.dispose();
  });
});
