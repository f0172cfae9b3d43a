import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectRefusesGarbage } from '../../../../tests/runVerifier.ts';
import { itSeeded } from '../../../../tests/seeds.ts';
import { autopilot, pilotView } from './autopilot.ts';
import { INPUT_THRUST, MAX_RUN_TICKS } from './constants.ts';
import { encodeInputs } from './inputLog.ts';
import { replayLanderRun, replayLanderState } from './replay.ts';
import { LanderSession } from './session.ts';

/** The page's way to play: tick the session, press "continue" after each touchdown. */
function playOnClient(seed: number, inputs: readonly number[], finish: boolean) {
  const session = new LanderSession(seed);
  for (const bits of inputs) {
    if (session.state.phase === 'gameover') break;
    if (session.state.phase !== 'playing') session.continue();
    session.tick(bits);
  }
  // Let the lander fall until the game is over (each crash costs a life).
  while (finish && session.state.phase !== 'gameover') {
    if (session.state.phase !== 'playing') session.continue();
    session.tick(0);
  }
  return session;
}

/** A game where the autopilot lands `landings` times, then the lander drops three times. */
function autopilotGame(seed: number, landings: number) {
  const session = new LanderSession(seed);
  let landed = 0;
  while (session.state.phase !== 'gameover') {
    if (session.state.phase === 'landed') landed++;
    if (session.state.phase !== 'playing') session.continue();
    session.tick(landed < landings ? autopilot(pilotView(session.state)) : 0);
  }
  return session;
}

const arbInputs = fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 400 })), {
  maxLength: 40,
});
const expand = (runs: [number, number][]) => runs.flatMap(([bits, n]) => Array<number>(n).fill(bits));

describe('verified runs: client and replay agree', () => {
  itSeeded('for random seeds and input logs, the replay reaches the client state', (fcSeed) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), arbInputs, (seed, runs) => {
        const client = playOnClient(seed, expand(runs), false);
        const replayed = replayLanderState(seed, client.inputLog());
        expect(replayed).toEqual(client.state);
      }),
      { seed: fcSeed, numRuns: 120 },
    );
  });

  itSeeded('a finished game verifies with exactly the client score', (fcSeed) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), arbInputs, (seed, runs) => {
        const client = playOnClient(seed, expand(runs), true);
        expect(client.state.phase).toBe('gameover');
        expect(replayLanderRun(seed, client.inputLog())).toEqual({
          score: client.score,
          levelsCleared: client.state.level - 1,
        });
      }),
      { seed: fcSeed, numRuns: 80 },
    );
  });

  it('landing games verify with their score; a claimed higher score does not match', () => {
    for (const seed of [1, 77, 4242]) {
      const client = autopilotGame(seed, 2);
      expect(client.state.level).toBe(3);
      expect(client.score).toBeGreaterThan(200);
      const verdict = replayLanderRun(seed, client.inputLog());
      expect(verdict).toEqual({ score: client.score, levelsCleared: 2 });
      expect(verdict!.score).not.toBe(client.score + 1);
      // The same log under another seed flies into other terrain: not this score.
      expect(replayLanderRun(seed + 1, client.inputLog())?.score).not.toBe(client.score);
    }
  });
});

describe('verified runs: tampered logs', () => {
  const client = autopilotGame(99, 2);
  const log = client.inputLog();

  it('a log that stops before game over does not verify', () => {
    expect(replayLanderRun(99, { v: 1, runs: log.runs.slice(0, -1) })).toBeNull();
  });

  it('ticks after game over do not verify', () => {
    expect(replayLanderRun(99, { v: 1, runs: [...log.runs, 8 * 10] })).toBeNull();
  });

  itSeeded('an edited run changes the outcome', (fcSeed) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: log.runs.length - 2 }), (index) => {
        const runs = log.runs.slice();
        const bits = runs[index] % 8;
        // Hold thrust for 120 more ticks in one run: the flight goes elsewhere.
        runs[index] = ((runs[index] - bits) / 8) * 8 + 120 * 8 + (bits | INPUT_THRUST);
        const verdict = replayLanderRun(99, { v: 1, runs });
        expect(verdict?.score ?? null).not.toBe(client.score);
      }),
      { seed: fcSeed, numRuns: 40 },
    );
  });

  itSeeded('garbage never throws and never verifies', (fcSeed) => {
    expectRefusesGarbage(replayLanderRun, {
      seed: 99,
      log,
      garbage: [
        { v: 2, runs: log.runs },
        { v: 1, runs: 'x' },
        { v: 1, runs: [0] },
        { v: 1, runs: [7] },
        { v: 1, runs: [-8] },
        { v: 1, runs: [1.5 * 8] },
        { v: 1, runs: [Number.NaN] },
        { v: 1, runs: [Number.POSITIVE_INFINITY] },
        { v: 1, runs: [{}] },
        { v: 1, runs: [(MAX_RUN_TICKS + 1) * 8] },
        { v: 1, runs: Array(200_001).fill(8) },
      ],
      badSeeds: [-1, 2 ** 32],
      fcSeed,
      numRuns: 200,
    });
    // Anything at all as the log's runs, in a log of the right version.
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        expect(replayLanderRun(99, { v: 1, runs: junk })?.score ?? null).toBeNull();
      }),
      { seed: fcSeed, numRuns: 200 },
    );
  });

  it('encodes run lengths compactly', () => {
    expect(encodeInputs([0, 0, 0, 1, 1, 5]).runs).toEqual([3 * 8 + 0, 2 * 8 + 1, 8 + 5]);
    expect(client.inputLog().runs.length).toBeLessThan(client.state.runTicks);
  });
});
