import { describe, expect, it } from 'vitest';
import type { BenchFigure } from '../types.ts';
import { type Budgets, detectLibraries, goalMet, isViolation, loadBudgets, routeFigures } from './budgets.ts';

const budgets: Budgets = {
  bundle: {
    home: { jsGzipKB: 90, forbiddenLibraries: ['pixi.js', 'tone'] },
    game: { jsGzipKB: 300 },
    platform: {},
  },
  memory: { pageHeapMB: 100, growthAfterWarmupMB: 2 },
};
const size = (gzip: number) => ({ raw: gzip * 3, gzip, brotli: gzip * 0.9 });

describe('the budgets file', () => {
  it('holds the issue budgets: home ≤ 90 KB without Pixi or Tone, games ≤ 300 KB, pages ≤ 100 MB', () => {
    const file = loadBudgets();
    expect(file.bundle.home.jsGzipKB).toBe(90);
    expect(file.bundle.home.forbiddenLibraries).toEqual(expect.arrayContaining(['pixi.js', 'tone']));
    expect(file.bundle.game.jsGzipKB).toBe(300);
    expect(file.memory.pageHeapMB).toBe(100);
  });
});

describe('routeFigures', () => {
  it('passes home under 90 KB and fails it over', () => {
    const under = routeFigures(
      { route: 'home', kind: 'home', js: size(89_000), css: size(1000), libraries: [] },
      budgets,
    );
    expect(under[0]).toMatchObject({ id: 'bundle.home.js.gzip', value: 89, goal: { op: '<=', value: 90 } });
    expect(isViolation(under[0])).toBe(false);
    const over = routeFigures(
      { route: 'home', kind: 'home', js: size(90_500), css: size(1000), libraries: [] },
      budgets,
    );
    expect(isViolation(over[0])).toBe(true);
  });
  it('flags Pixi or Tone on home even under the size budget', () => {
    const figures = routeFigures(
      { route: 'home', kind: 'home', js: size(10_000), css: size(0), libraries: ['pixi.js'] },
      budgets,
    );
    expect(figures[0].flags).toEqual(['home loads pixi.js (forbidden)']);
    expect(isViolation(figures[0])).toBe(true);
  });
  it('allows Pixi on a game route within 300 KB', () => {
    const figures = routeFigures(
      { route: 'gravity', kind: 'game', js: size(250_000), css: size(0), libraries: ['pixi.js'] },
      budgets,
    );
    expect(figures[0].goal?.value).toBe(300);
    expect(figures.some(isViolation)).toBe(false);
  });
  it('gives platform pages no budget, and reports gzip and brotli of JS and CSS', () => {
    const figures = routeFigures(
      { route: 'about', kind: 'platform', js: size(1000), css: size(500), libraries: [] },
      budgets,
    );
    expect(figures.map((f) => f.id)).toEqual([
      'bundle.about.js.gzip',
      'bundle.about.js.brotli',
      'bundle.about.css.gzip',
      'bundle.about.css.brotli',
    ]);
    expect(figures.every((f) => goalMet(f) === undefined)).toBe(true);
  });
});

describe('goalMet', () => {
  const figure = (value: number, op: '<=' | '>='): BenchFigure => ({
    id: 'x',
    label: 'x',
    value,
    unit: 'ms',
    better: 'lower',
    goal: { op, value: 10 },
  });
  it('honours the goal direction and treats a non-number as a miss', () => {
    expect(goalMet(figure(10, '<='))).toBe(true);
    expect(goalMet(figure(11, '<='))).toBe(false);
    expect(goalMet(figure(9, '>='))).toBe(false);
    expect(goalMet(figure(Number.NaN, '<='))).toBe(false);
  });
});

describe('detectLibraries', () => {
  it('finds Pixi and Tone by module path', () => {
    expect(detectLibraries(['/r/node_modules/pixi.js/lib/index.mjs', '/r/src/x.ts'], [])).toEqual([
      'pixi.js',
    ]);
    expect(detectLibraries(['/r/node_modules/tone/build/esm/index.js'], [])).toEqual(['tone']);
    expect(detectLibraries(['/r/node_modules/@pixi/react/lib/index.mjs'], [])).toEqual(['pixi.js']);
  });
  it('finds them by what survives minification when module ids are unknown', () => {
    expect(detectLibraries([], ['console.log("PixiJS "+v+" - http://www.pixijs.com/")'])).toEqual([
      'pixi.js',
    ]);
    expect(detectLibraries([], ['if(w&&!w.TONE_SILENCE_LOGGING){}'])).toEqual(['tone']);
    expect(detectLibraries(['/r/node_modules/react/index.js'], ['const tone = 1; // "tones"'])).toEqual([]);
  });
});
