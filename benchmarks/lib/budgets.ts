/** Budgets from benchmarks/budgets.json, and the checks that turn sizes into flagged figures. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchFigure } from '../types.ts';

export interface RouteBudget {
  jsGzipKB?: number;
  forbiddenLibraries?: string[];
}

export interface Budgets {
  bundle: { home: RouteBudget; game: RouteBudget; platform: RouteBudget };
  memory: { pageHeapMB: number; growthAfterWarmupMB: number };
  frames?: {
    /** Frame-interval p95 goals (ms) at 4× CPU throttling, by game slug (not applied where the renderer bounds it). */
    p95AtCpu4xMs?: Record<string, number>;
    fpsUnthrottled?: Record<string, number>;
    /** Main-thread work per frame, p95 (ms) at 4× CPU, every game page. */
    mainThreadP95AtCpu4xMs?: number;
    /** Main-thread tasks over 50 ms during play at 4× CPU, every game page. */
    longTasksAtCpu4x?: number;
    /** Main-thread work per frame p95 beyond the same run's blank page (ms) at 4× CPU, by game slug. */
    mainThreadP95BeyondFloorAtCpu4xMs?: Record<string, number>;
    /** A render worker's work per frame p95 (ms, less the readback) at 4× CPU, every canvas game. */
    renderWorkerP95AtCpu4xMs?: number;
    /** Input to screen p95, in frames, by CPU rate ("1", "4"): the canvas games whose scenes have `inputs`. */
    inputToScreenP95Frames?: Record<string, number>;
  };
}

export const BUDGETS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'budgets.json');

export function loadBudgets(file = BUDGETS_FILE): Budgets {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Budgets;
  if (!parsed.bundle?.home || !parsed.bundle.game || !parsed.memory) {
    throw new Error(`${file} must have bundle.home, bundle.game and memory`);
  }
  return parsed;
}

/** How a library shows up: by module path (from the build's module list) or by a string it keeps when minified. */
export const LIBRARY_SIGNATURES: Record<string, { modulePath: RegExp; content: RegExp }> = {
  'pixi.js': { modulePath: /[\\/]node_modules[\\/](pixi\.js|@pixi)[\\/]/, content: /pixijs\.com/ },
  tone: { modulePath: /[\\/]node_modules[\\/]tone[\\/]/, content: /TONE_SILENCE_LOGGING/ },
};

/** Libraries found among a route's module ids or in its code. */
export function detectLibraries(moduleIds: readonly string[], sources: readonly string[]): string[] {
  const found: string[] = [];
  for (const [name, signature] of Object.entries(LIBRARY_SIGNATURES)) {
    const byModule = moduleIds.some((id) => signature.modulePath.test(id));
    const byContent = sources.some((source) => signature.content.test(source));
    if (byModule || byContent) found.push(name);
  }
  return found;
}

export interface RouteSizes {
  route: string;
  kind: 'home' | 'platform' | 'game';
  js: { raw: number; gzip: number; brotli: number };
  css: { raw: number; gzip: number; brotli: number };
  libraries: string[];
}

export function budgetFor(budgets: Budgets, kind: RouteSizes['kind']): RouteBudget {
  return budgets.bundle[kind] ?? {};
}

/** The bundle figures of one route, with its budget as a goal and forbidden libraries as flags. */
export function routeFigures(sizes: RouteSizes, budgets: Budgets): BenchFigure[] {
  const budget = budgetFor(budgets, sizes.kind);
  const kb = (bytes: number) => Math.round(bytes / 10) / 100;
  const base = `bundle.${sizes.route}`;
  const flags = forbiddenFound(sizes, budget).map((lib) => `${sizes.route} loads ${lib} (forbidden)`);
  const jsGzip: BenchFigure = {
    id: `${base}.js.gzip`,
    label: `/${sizes.route === 'home' ? '' : sizes.route} JS gzip`,
    value: kb(sizes.js.gzip),
    unit: 'KB',
    better: 'lower',
    ...(budget.jsGzipKB !== undefined
      ? { goal: { op: '<=' as const, value: budget.jsGzipKB, text: `budget ${budget.jsGzipKB} KB gzip` } }
      : {}),
    ...(flags.length ? { flags } : {}),
  };
  const label = (what: string) => `/${sizes.route === 'home' ? '' : sizes.route} ${what}`;
  return [
    jsGzip,
    {
      id: `${base}.js.brotli`,
      label: label('JS brotli'),
      value: kb(sizes.js.brotli),
      unit: 'KB',
      better: 'lower',
    },
    {
      id: `${base}.css.gzip`,
      label: label('CSS gzip'),
      value: kb(sizes.css.gzip),
      unit: 'KB',
      better: 'lower',
    },
    {
      id: `${base}.css.brotli`,
      label: label('CSS brotli'),
      value: kb(sizes.css.brotli),
      unit: 'KB',
      better: 'lower',
    },
  ];
}

export function forbiddenFound(sizes: RouteSizes, budget: RouteBudget): string[] {
  return (budget.forbiddenLibraries ?? []).filter((lib) => sizes.libraries.includes(lib));
}

/** Whether a figure meets its goal; undefined when it has none. */
export function goalMet(figure: BenchFigure): boolean | undefined {
  if (!figure.goal || !Number.isFinite(figure.value)) return figure.goal ? false : undefined;
  return figure.goal.op === '<=' ? figure.value <= figure.goal.value : figure.value >= figure.goal.value;
}

/** A figure is over budget when it misses its goal or carries a flag. */
export function isViolation(figure: BenchFigure): boolean {
  return goalMet(figure) === false || (figure.flags?.length ?? 0) > 0;
}
