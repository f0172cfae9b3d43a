/**
 * What every game's run verifier owes the server (`RunVerifier` in server/runs/registry.ts:
 * the ticket's seed and the client's log in, the score or null out): a seed or a log that is
 * not one never throws and never verifies. A game's replay test states its own malformed logs.
 */
import fc from 'fast-check';
import { expect } from 'vitest';

/** A game's replay, as the server calls it. */
type Verify = (seed: number, inputs: unknown) => unknown;

export interface GarbageCase {
  /** A seed and a log of a run that verifies under it. */
  seed: number;
  log: unknown;
  /** The game's own malformed logs, refused beside `null`, `undefined`, a number, a string, `[]` and `{}`. */
  garbage: readonly unknown[];
  /** Seeds this game refuses beside `NaN`, 1.5, `null` and its own seed as a string. */
  badSeeds?: readonly unknown[];
  /** fast-check's seed (from `itSeeded`) and runs for "anything at all never throws". */
  fcSeed: number;
  numRuns?: number;
}

export function expectRefusesGarbage(verify: Verify, c: GarbageCase): void {
  expect(verify(c.seed, c.log)).not.toBeNull();
  for (const g of [null, undefined, 42, 'log', [], {}, ...c.garbage]) expect(verify(c.seed, g)).toBeNull();
  for (const seed of [Number.NaN, 1.5, null, String(c.seed), ...(c.badSeeds ?? [])])
    expect(verify(seed as number, c.log)).toBeNull();
  fc.assert(
    fc.property(fc.anything(), fc.anything(), (seed, junk) => {
      expect(() => verify(c.seed, junk)).not.toThrow();
      expect(() => verify(seed as number, junk)).not.toThrow();
    }),
    { seed: c.fcSeed, numRuns: c.numRuns },
  );
}
