import { describe, expect, it } from 'vitest';
import { TrailBudget } from './trailBudget.ts';

describe('TrailBudget', () => {
  it('keeps its budget when a still scene is redrawn after a second without frames', () => {
    const budget = new TrailBudget();
    for (let i = 0; i < 60; i++) budget.frame(16.7);
    const before = budget.points;
    budget.frame(1000);
    for (let i = 0; i < 3; i++) budget.frame(16.7);
    expect(budget.points).toBe(before);
  });

  it('thins the trails while frames run long, down to its floor', () => {
    const budget = new TrailBudget();
    const start = budget.points;
    for (let i = 0; i < 60; i++) budget.frame(40);
    expect(budget.points).toBeLessThan(start);
    for (let i = 0; i < 2000; i++) budget.frame(40);
    expect(budget.points).toBe(4_000);
  });

  it('grows the trails back when frames have room, up to its ceiling', () => {
    const budget = new TrailBudget();
    for (let i = 0; i < 2000; i++) budget.frame(8);
    expect(budget.points).toBe(30_000);
  });

  it('holds between the thresholds', () => {
    const budget = new TrailBudget();
    for (let i = 0; i < 200; i++) budget.frame(18);
    expect(budget.points).toBe(16_000);
  });
});
