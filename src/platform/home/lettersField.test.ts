import { describe, expect, it } from 'vitest';
import { BRAND_LETTERS, createLetters, LETTERS_SEED, stepLetters } from './lettersField.ts';
import { driftOffsetAt, driftTiming } from './lettersMotion.ts';

describe('drifting letters layout', () => {
  it('makes the requested number of letters, cycling F U T I L E *', () => {
    const letters = createLetters({ count: 48 });
    expect(letters).toHaveLength(48);
    expect(letters.slice(0, 8).map((l) => l.char)).toEqual(['F', 'U', 'T', 'I', 'L', 'E', '*', 'F']);
    expect(new Set(letters.map((l) => l.char))).toEqual(new Set(BRAND_LETTERS));
  });

  it('is the same on every visit (fixed seed) and differs for another seed', () => {
    expect(createLetters({ count: 32 })).toEqual(createLetters({ count: 32, seed: LETTERS_SEED }));
    expect(createLetters({ count: 32, seed: 1 })).not.toEqual(createLetters({ count: 32 }));
  });

  it('spreads letters over the viewport within sane bounds', () => {
    const letters = createLetters({ count: 48, tones: 4 });
    for (const l of letters) {
      expect(l.x).toBeGreaterThanOrEqual(0);
      expect(l.x).toBeLessThan(1);
      expect(l.y).toBeGreaterThanOrEqual(0);
      expect(l.y).toBeLessThan(1);
      expect(l.size).toBeGreaterThanOrEqual(22);
      expect(l.size).toBeLessThanOrEqual(88);
      expect(l.alpha).toBeGreaterThan(0);
      expect(l.alpha).toBeLessThan(0.5);
      expect([0, 1, 2, 3]).toContain(l.tone);
    }
    // Not all bunched up: every quadrant gets some.
    const quadrants = new Set(letters.map((l) => `${l.x < 0.5}${l.y < 0.5}`));
    expect(quadrants.size).toBe(4);
  });
});

describe('drifting letters motion', () => {
  it('moves each letter by velocity × time × speed', () => {
    const letters = createLetters({ count: 5 });
    const before = structuredClone(letters);
    stepLetters(letters, 0.05, 0.7, 1000, 800);
    letters.forEach((l, i) => {
      const b = before[i];
      const dx = ((((l.x - b.x) % 1) + 1.5) % 1) - 0.5;
      const dy = ((((l.y - b.y) % 1) + 1.5) % 1) - 0.5;
      expect(dx * 1000).toBeCloseTo(b.vx * 0.05 * 0.7, 6);
      expect(dy * 800).toBeCloseTo(b.vy * 0.05 * 0.7, 6);
      expect(l.angle).toBeCloseTo(b.angle + b.spin * 0.05 * 0.7, 9);
    });
  });

  it('goes faster at a higher speed', () => {
    const slow = createLetters({ count: 1 });
    const fast = createLetters({ count: 1 });
    const start = slow[0].angle;
    stepLetters(slow, 0.05, 0.5, 1000, 1000);
    stepLetters(fast, 0.05, 0.7, 1000, 1000);
    expect(Math.abs(fast[0].angle - start)).toBeGreaterThan(Math.abs(slow[0].angle - start));
  });

  it('wraps letters that leave an edge back in at the opposite one', () => {
    const letters = createLetters({ count: 1 });
    letters[0].x = 0.999;
    letters[0].vx = 100;
    letters[0].y = 0.001;
    letters[0].vy = -100;
    stepLetters(letters, 0.05, 1, 1000, 1000);
    expect(letters[0].x).toBeGreaterThanOrEqual(0);
    expect(letters[0].x).toBeLessThan(0.1);
    expect(letters[0].y).toBeGreaterThan(0.9);
    expect(letters[0].y).toBeLessThan(1);
  });

  it('is deterministic and ignores empty viewports and huge pauses', () => {
    const a = createLetters({ count: 48 });
    const b = createLetters({ count: 48 });
    for (let i = 0; i < 100; i++) {
      stepLetters(a, 1 / 60, 0.7, 1440, 900);
      stepLetters(b, 1 / 60, 0.7, 1440, 900);
    }
    expect(a).toEqual(b);
    const still = structuredClone(a);
    stepLetters(a, 0.5, 0.7, 0, 900);
    expect(a).toEqual(still);
    // A 10-minute hidden tab moves letters no further than a tenth of a second would.
    const once = structuredClone(a);
    stepLetters(a, 600, 0.7, 1440, 900);
    stepLetters(once, 0.1, 0.7, 1440, 900);
    expect(a).toEqual(once);
  });
});

describe('drifting letters as compositor animations', () => {
  /** The distance between two positions on a loop of `span`, the short way round. */
  const onLoop = (a: number, b: number, span: number) => {
    const d = (((a - b) % span) + span) % span;
    return Math.min(d, span - d);
  };

  it('puts every letter where the step model does, at any time, both directions', () => {
    const span = 1580;
    const speed = 0.7;
    for (const l of createLetters({ count: 48 })) {
      for (const ms of [0, 16, 1000, 12_345, 120_000]) {
        // The step model, in steps of at most 0.1 s (its pause clamp).
        const model = [{ ...l }];
        for (let left = ms / 1000; left > 1e-9; left -= 0.1)
          stepLetters(model, Math.min(0.1, left), speed, span, span);
        const animated = l.x * span + driftOffsetAt(l.x, l.vx * speed, span, ms);
        expect(onLoop(animated, model[0].x * span, span)).toBeLessThan(1e-6 * span + 1e-6);
      }
    }
  });

  it("starts at the letter's own place and takes one crossing per cycle", () => {
    expect(driftOffsetAt(0.3, 20, 1000, 0)).toBeCloseTo(0, 9);
    expect(driftOffsetAt(0.3, -20, 1000, 0)).toBeCloseTo(0, 9);
    expect(driftTiming(0.3, 20, 1000).duration).toBe(50_000);
    expect(driftTiming(0.3, -20, 1000).phase).toEqual({ iterationStart: 0.7, direction: 'reverse' });
    // A letter that does not move gets a finite cycle (Web Animations refuses an infinite duration).
    expect(Number.isFinite(driftTiming(0.5, 0, 1000).duration)).toBe(true);
  });
});
