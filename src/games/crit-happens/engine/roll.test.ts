import { describe, expect, it } from 'vitest';
import { createRng } from '../../../lib/pure/rng.ts';
import { addDie, advantagePair, type DieType, d100Total, emptyPool, type Pool } from './dice.ts';
import { recordRoll } from './history.ts';
import { parseNotation, type RollFormula } from './notation.ts';
import {
  CRIT_FAIL_MESSAGES,
  CRIT_SUCCESS_MESSAGES,
  completeRoll,
  critMessage,
  evaluateRoll,
  flickerFace,
  keptD20,
  modeFromFormula,
  planRoll,
  ROLL_BASE_MS,
  ROLL_JITTER_MS,
  ROLL_PER_DIE_MS,
  rollFace,
  startRolling,
} from './roll.ts';

function poolOf(...types: DieType[]): Pool {
  let pool = emptyPool();
  for (const type of types) pool = (addDie(pool, type) as { pool: Pool }).pool;
  return pool;
}

/** A pool whose dice show `faces` (in pool order). */
function rolled(pool: Pool, faces: number[]): Pool {
  return { ...pool, dice: pool.dice.map((d, i) => ({ ...d, face: faces[i] })) };
}

function poolFromNotation(text: string): { pool: Pool; formula: RollFormula } {
  const parsed = parseNotation(text);
  if (!parsed.ok) throw new Error(parsed.error);
  let pool = emptyPool();
  parsed.formula.terms.forEach((term, index) => {
    for (let i = 0; i < term.count; i++) pool = (addDie(pool, term.type, index) as { pool: Pool }).pool;
  });
  return { pool, formula: parsed.formula };
}

describe('planning a roll', () => {
  it('decides faces in range and durations of 1200 ms + 120 ms per index + up to 400 ms', () => {
    const pool = poolOf('d6', 'd20', 'd100', 'd2');
    for (let seed = 1; seed <= 200; seed++) {
      const plan = planRoll(pool, createRng(seed));
      expect(plan.faces).toHaveLength(5);
      plan.durationsMs.forEach((ms, index) => {
        expect(ms).toBeGreaterThanOrEqual(ROLL_BASE_MS + ROLL_PER_DIE_MS * index);
        expect(ms).toBeLessThanOrEqual(ROLL_BASE_MS + ROLL_PER_DIE_MS * index + ROLL_JITTER_MS);
      });
      expect(plan.faces[0]).toBeGreaterThanOrEqual(1);
      expect(plan.faces[0]).toBeLessThanOrEqual(6);
      expect(plan.faces[2]).toBeGreaterThanOrEqual(0);
      expect(plan.faces[2]).toBeLessThanOrEqual(9);
    }
  });

  it('is the same for the same seed', () => {
    const pool = poolOf('d20', 'd20', 'd8');
    expect(planRoll(pool, createRng(42))).toEqual(planRoll(pool, createRng(42)));
    expect(planRoll(pool, createRng(42))).not.toEqual(planRoll(pool, createRng(43)));
  });

  it('hides faces and clears highlights while rolling, fixes them on completion', () => {
    const pool = poolOf('d20', 'd20');
    const rolling = startRolling({
      ...pool,
      dice: pool.dice.map((d) => ({ ...d, highlight: true, face: 3 })),
    });
    expect(rolling.dice.every((d) => d.rolling && !d.highlight && d.face === null)).toBe(true);
    const done = completeRoll(rolling, { faces: [5, 17], durationsMs: [1200, 1320] }, 'normal');
    expect(done.dice.map((d) => [d.face, d.rolling, d.highlight])).toEqual([
      [5, false, false],
      [17, false, false],
    ]);
  });

  it('flickers faces within the die range, the same way for the same roll', () => {
    const [d100tens] = poolOf('d100').dice;
    const [d6] = poolOf('d6').dice;
    for (let slot = 0; slot < 500; slot++) {
      const f = flickerFace(d6, 9, 0, slot);
      expect(f).toBeGreaterThanOrEqual(1);
      expect(f).toBeLessThanOrEqual(6);
      const t = flickerFace(d100tens, 9, 1, slot);
      expect(t).toBeGreaterThanOrEqual(0);
      expect(t).toBeLessThanOrEqual(9);
      expect(flickerFace(d6, 9, 0, slot)).toBe(f);
    }
  });
});

describe('advantage and disadvantage', () => {
  const pair = poolOf('d20', 'd20');

  it('advantage keeps the higher d20 and highlights it; the total counts it alone', () => {
    const done = completeRoll(pair, { faces: [7, 15], durationsMs: [0, 0] }, 'advantage');
    expect(done.dice.map((d) => d.highlight)).toEqual([false, true]);
    const outcome = evaluateRoll(done, 'advantage', null);
    expect(outcome.total).toBe(15);
    expect(outcome.keptId).toBe(done.dice[1].id);
    expect(outcome.parts.map((p) => p.kept)).toEqual([false, true]);
  });

  it('disadvantage keeps the lower d20', () => {
    const done = completeRoll(pair, { faces: [7, 15], durationsMs: [0, 0] }, 'disadvantage');
    expect(done.dice.map((d) => d.highlight)).toEqual([true, false]);
    expect(evaluateRoll(done, 'disadvantage', null).total).toBe(7);
  });

  it('adds the other dice to the kept d20', () => {
    const pool = rolled(poolOf('d20', 'd6', 'd20'), [3, 4, 11]);
    expect(evaluateRoll(pool, 'advantage', null).total).toBe(15);
    expect(evaluateRoll(pool, 'disadvantage', null).total).toBe(7);
    expect(evaluateRoll(pool, 'normal', null).total).toBe(18);
  });

  it('does nothing without exactly two d20', () => {
    expect(keptD20(rolled(poolOf('d20'), [4]), 'advantage')).toBeNull();
    const three = rolled(poolOf('d20', 'd20', 'd20'), [1, 2, 3]);
    expect(keptD20(three, 'advantage')).toBeNull();
    expect(evaluateRoll(three, 'advantage', null).total).toBe(6);
  });
});

describe('advantage with typed dice', () => {
  it('typed 2d20 is a pair: advantage and disadvantage pick between them, the modifier still adds', () => {
    const typed = poolFromNotation('2d20+3');
    expect(advantagePair(typed.pool)).not.toBeNull();
    const pool = rolled(typed.pool, [7, 15]);
    const up = evaluateRoll(pool, 'advantage', typed.formula);
    expect(up.total).toBe(18);
    expect(up.parts.map((p) => p.kept)).toEqual([false, true]);
    expect(up.keptId).toBe(pool.dice[1].id);
    expect(evaluateRoll(pool, 'disadvantage', typed.formula).total).toBe(10);
    expect(evaluateRoll(pool, 'normal', typed.formula).total).toBe(25);
    const split = poolFromNotation('d20+d6+d20');
    expect(evaluateRoll(rolled(split.pool, [3, 4, 19]), 'disadvantage', split.formula).total).toBe(7);
  });

  it('2d20kh1 and 2d20kl1 become advantage and disadvantage; other formulas stay', () => {
    const kh = parseNotation('2d20kh1+5');
    const kl = parseNotation('2d20kl1');
    if (!kh.ok || !kl.ok) throw new Error('notation');
    expect(modeFromFormula(kh.formula)).toEqual({
      mode: 'advantage',
      formula: { terms: [{ type: 'd20', count: 2, sign: 1 }], modifier: 5 },
    });
    expect(modeFromFormula(kl.formula).mode).toBe('disadvantage');
    for (const text of ['3d20kh1', '4d6kh3', '2d20', 'd20+d4']) {
      const parsed = parseNotation(text);
      if (!parsed.ok) throw new Error(parsed.error);
      expect(modeFromFormula(parsed.formula)).toEqual({ formula: parsed.formula, mode: null });
    }
  });
});

describe('totals', () => {
  it('sums dice; a d100 is tens + ones with 00 and 0 as 100', () => {
    expect(evaluateRoll(rolled(poolOf('d6', 'd8'), [2, 7]), 'normal', null).total).toBe(9);
    expect(evaluateRoll(rolled(poolOf('d100'), [0, 0]), 'normal', null).total).toBe(100);
    expect(evaluateRoll(rolled(poolOf('d100'), [4, 2]), 'normal', null).total).toBe(42);
    expect(evaluateRoll(rolled(poolOf('d100'), [0, 9]), 'normal', null).total).toBe(9);
  });

  it('applies keep rules, signs and modifiers of notation', () => {
    const fourD6 = poolFromNotation('4d6kh3+2');
    const outcome = evaluateRoll(rolled(fourD6.pool, [1, 6, 3, 5]), 'normal', fourD6.formula);
    expect(outcome.total).toBe(16);
    expect(outcome.parts.map((p) => p.kept)).toEqual([false, true, true, true]);
    const low = poolFromNotation('2d20kl1');
    expect(evaluateRoll(rolled(low.pool, [12, 8]), 'normal', low.formula).total).toBe(8);
    const diff = poolFromNotation('d12-d4-1');
    expect(evaluateRoll(rolled(diff.pool, [9, 3]), 'normal', diff.formula).total).toBe(5);
    const pct = poolFromNotation('d%');
    expect(evaluateRoll(rolled(pct.pool, [0, 0]), 'normal', pct.formula).total).toBe(100);
  });
});

describe('crits', () => {
  it('a natural 20 is a success, a natural 1 a fail whose d20 falls', () => {
    const pool = poolOf('d20', 'd6');
    expect(evaluateRoll(rolled(pool, [20, 3]), 'normal', null).crit).toBe('success');
    const fail = evaluateRoll(rolled(pool, [1, 3]), 'normal', null);
    expect(fail.crit).toBe('fail');
    expect(fail.fallenIds).toEqual([pool.dice[0].id]);
    expect(evaluateRoll(rolled(pool, [10, 1]), 'normal', null).crit).toBeNull();
  });

  it('only the kept d20 counts under advantage', () => {
    const pair = poolOf('d20', 'd20');
    expect(evaluateRoll(rolled(pair, [1, 14]), 'advantage', null).crit).toBeNull();
    expect(evaluateRoll(rolled(pair, [1, 14]), 'disadvantage', null).crit).toBe('fail');
    expect(evaluateRoll(rolled(pair, [20, 14]), 'advantage', null).crit).toBe('success');
    expect(evaluateRoll(rolled(pair, [20, 14]), 'disadvantage', null).crit).toBeNull();
  });

  it('two 20s under disadvantage set off the fireworks', () => {
    const pair = poolOf('d20', 'd20');
    expect(evaluateRoll(rolled(pair, [20, 20]), 'disadvantage', null).crit).toBe('double-twenty');
    expect(evaluateRoll(rolled(pair, [20, 20]), 'advantage', null).crit).toBe('success');
  });

  it('draws messages from pools of 10 and 5', () => {
    expect(CRIT_SUCCESS_MESSAGES).toHaveLength(10);
    expect(CRIT_FAIL_MESSAGES).toHaveLength(5);
    expect(CRIT_SUCCESS_MESSAGES).toContain('Critical success!');
    expect(CRIT_SUCCESS_MESSAGES).toContain('Legendary roll!');
    expect(CRIT_FAIL_MESSAGES).toContain('Critical fail...');
    expect(CRIT_FAIL_MESSAGES).toContain('Better luck next time.');
    const rng = createRng(5);
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) seen.add(critMessage('success', rng));
    expect(seen.size).toBe(10);
    for (let i = 0; i < 200; i++) expect(CRIT_FAIL_MESSAGES).toContain(critMessage('fail', rng));
  });
});

describe('history', () => {
  it('records rolls newest first with totals and details, capped at 25', () => {
    const pool = rolled(poolOf('d20', 'd20'), [4, 17]);
    let history = recordRoll([], '2d20', 'advantage', evaluateRoll(pool, 'advantage', null));
    expect(history[0]).toEqual({
      n: 1,
      notation: '2d20',
      mode: 'advantage',
      total: 17,
      detail: 'd20: 4 (dropped), d20: 17',
      crit: null,
    });
    for (let i = 0; i < 30; i++)
      history = recordRoll(history, 'd6', 'normal', evaluateRoll(pool, 'normal', null));
    expect(history).toHaveLength(25);
    expect(history[0].n).toBe(31);
  });
});

/** Upper regularised incomplete gamma Q(a, x), for the chi-square p-value (Numerical Recipes' series / continued fraction). */
function gammaQ(a: number, x: number): number {
  const lnGamma = (z: number): number => {
    const g = [
      76.180091729471, -86.505320329416, 24.01409824083, -1.2317395724501, 0.001208650973866179,
      -0.000005395239384953,
    ];
    let y = z;
    const tmp = z + 5.5 - (z + 0.5) * Math.log(z + 5.5);
    let ser = 1.00000000019;
    for (const c of g) ser += c / ++y;
    return -tmp + Math.log((Math.sqrt(2 * Math.PI) * ser) / z);
  };
  if (x < a + 1) {
    let sum = 1 / a;
    let del = sum;
    for (let n = 1; n < 1000; n++) {
      del *= x / (a + n);
      sum += del;
      if (Math.abs(del) < Math.abs(sum) * 1e-14) break;
    }
    return 1 - sum * Math.exp(-x + a * Math.log(x) - lnGamma(a));
  }
  let b = x + 1 - a;
  let c = 1e300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-14) break;
  }
  return Math.exp(-x + a * Math.log(x) - lnGamma(a)) * h;
}

describe('fairness (seeded chi-square, 60,000 rolls per die)', () => {
  it('the p-value helper matches known chi-square tails', () => {
    // chi2 = 3.841 with 1 dof is p = 0.05; 18.307 with 10 dof is p = 0.05.
    expect(gammaQ(0.5, 3.841 / 2)).toBeCloseTo(0.05, 3);
    expect(gammaQ(5, 18.307 / 2)).toBeCloseTo(0.05, 3);
  });

  const ROLLS = 60_000;
  it.each(['d2', 'd4', 'd6', 'd8', 'd10', 'd12', 'd20', 'd100'] as DieType[])(
    '%s is uniform (p > 0.001)',
    (type) => {
      const seed = 20_261_122 + type.length * 7 + Number(type.slice(1));
      const rng = createRng(seed);
      const pool = poolOf(type);
      const sides = type === 'd100' ? 100 : pool.dice[0].sides;
      const counts = new Array<number>(sides + 1).fill(0);
      for (let i = 0; i < ROLLS; i++) {
        const faces = pool.dice.map((die) => rollFace(die, rng));
        const value = type === 'd100' ? d100Total(faces[0], faces[1]) : faces[0];
        counts[value]++;
      }
      expect(counts[0]).toBe(0);
      const expected = ROLLS / sides;
      let chi2 = 0;
      for (let v = 1; v <= sides; v++) chi2 += (counts[v] - expected) ** 2 / expected;
      const p = gammaQ((sides - 1) / 2, chi2 / 2);
      expect(p, `seed ${seed}: chi2 ${chi2.toFixed(2)}, ${sides - 1} dof`).toBeGreaterThan(0.001);
    },
  );
});
