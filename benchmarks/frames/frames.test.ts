import { describe, expect, it } from 'vitest';
import { isViolation, loadBudgets } from '../lib/budgets.ts';
import { frameFigures } from './index.ts';

/** rAF timestamps every `interval` ms, `count` frames. */
const steady = (interval: number, count: number) => Array.from({ length: count }, (_, i) => i * interval);

describe('frame figures', () => {
  const budgets = loadBudgets();

  it('carries the issues’ p95 goal at 4× CPU for the games that name one', () => {
    const slow = frameFigures('gravity', '/gravity?preset=proto-disk', 4, steady(50, 60), budgets);
    const p95 = slow.find((f) => f.id === 'frames.gravity.cpu4x.p95')!;
    expect(p95.goal).toEqual({ op: '<=', value: 16.7, text: 'p95 ≤ 16.7 ms at 4× CPU' });
    expect(isViolation(p95)).toBe(true);
    const smooth = frameFigures('lunar-lander', '/lunar-lander', 4, steady(1000 / 60, 120), budgets);
    expect(isViolation(smooth.find((f) => f.id === 'frames.lunar-lander.cpu4x.p95')!)).toBe(false);
  });

  it('has no goal unthrottled, nor for pages without one', () => {
    const unthrottled = frameFigures('gravity', '/gravity', 1, steady(50, 60), budgets);
    expect(unthrottled.some((f) => f.goal)).toBe(false);
    const synth = frameFigures('synth', '/synth', 4, steady(50, 60), budgets);
    expect(synth.some((f) => f.goal)).toBe(false);
  });
});
