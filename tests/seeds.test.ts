import { describe, expect, it } from 'vitest';
import { itSeeded, parseSeed, SEED_MAX, seedCases } from './seeds.ts';

describe('seedCases', () => {
  it('runs one fresh seed, named by it, then every pinned seed as a regression case', () => {
    expect(seedCases([77, 5, 77], undefined, () => 1234)).toEqual([
      { seed: 1234, label: 'with seed 1234' },
      { seed: 77, label: '(regression) with seed 77' },
      { seed: 5, label: '(regression) with seed 5' },
    ]);
  });

  it('replays exactly the seed SEED names, without the fresh or pinned ones', () => {
    expect(seedCases([77], '98765', () => 1)).toEqual([{ seed: 98765, label: 'with seed 98765' }]);
  });

  it('treats an empty SEED as unset', () => {
    expect(seedCases([], '', () => 3)).toEqual([{ seed: 3, label: 'with seed 3' }]);
  });

  it('draws fresh seeds that fast-check and createRng both take', () => {
    for (const { seed } of seedCases([], undefined)) {
      expect(Number.isInteger(seed)).toBe(true);
      expect(seed).toBeGreaterThanOrEqual(0);
      expect(seed).toBeLessThanOrEqual(SEED_MAX);
    }
  });

  it('refuses a pinned seed out of range, naming it', () => {
    expect(() => seedCases([-1], undefined)).toThrow('got "-1"');
  });
});

describe('parseSeed', () => {
  it('reads a whole number', () => {
    expect(parseSeed('0')).toBe(0);
    expect(parseSeed(' 42 ')).toBe(42);
    expect(parseSeed(String(SEED_MAX))).toBe(SEED_MAX);
  });

  it('says what a seed must be', () => {
    for (const bad of ['abc', '1.5', '-3', '2147483648', '1e3', '0x10']) {
      expect(() => parseSeed(bad)).toThrow(`SEED must be a whole number from 0 to ${SEED_MAX}, got "${bad}"`);
    }
  });
});

describe('itSeeded', () => {
  const ran: number[] = [];
  itSeeded('names each case by the seed it hands the body', { pinned: [11] }, (seed) => {
    ran.push(seed);
    expect(expect.getState().currentTestName).toMatch(new RegExp(`with seed ${seed}$`));
  });

  it('ran the pinned seed too (unless SEED picked one)', () => {
    expect(ran).toHaveLength(process.env.SEED ? 1 : 2);
    if (!process.env.SEED) expect(ran[1]).toBe(11);
  });
});
