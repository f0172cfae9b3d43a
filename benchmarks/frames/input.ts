/**
 * Input to screen: the scene's input repeated in a window of its own, each input the page
 * marked paired with the first frame marked as showing it, and the figures in frames.
 */

import type { CDPSession, Page } from 'playwright-core';
import type { Budgets } from '../lib/budgets.ts';
import { type InputLatencySummary, type InputPairing, pairInputs } from '../lib/inputLatency.ts';
import { runSteps, startTrace } from '../lib/pagedriver.ts';
import type { RenderPath, SceneStep } from '../scenes.ts';
import type { BenchFigure } from '../types.ts';

/** The trace categories input to screen needs: the marks, and the threads' names. */
const INPUT_TRACE_CATEGORIES = ['__metadata', 'blink.user_timing'];

/**
 * Repeats the scene's input steps for `ms` under a trace of the user-timing marks only, and
 * pairs each input the page marked with the first frame marked as showing it (lib/inputLatency.ts).
 */
export async function recordInputs(
  page: Page,
  cdp: CDPSession,
  steps: readonly SceneStep[],
  ms: number,
): Promise<InputPairing> {
  const trace = await startTrace(cdp, INPUT_TRACE_CATEGORIES);
  const until = Date.now() + ms;
  let failure: unknown = null;
  try {
    while (Date.now() < until) await runSteps(page, steps);
    // The last input's frame: a few frames more before the trace ends.
    await page.waitForTimeout(300);
  } catch (error) {
    failure = error;
  }
  const events = await trace.stop();
  if (failure) throw failure;
  return pairInputs(events);
}

/** Input to screen p95 and p50 in frames of the measured interval; goals on the default render path. */
export function inputFigures(
  slug: string,
  path: string,
  cpuRate: number,
  summary: InputLatencySummary,
  budgets?: Budgets,
  render?: RenderPath,
): BenchFigure[] {
  const goal = render === 'main' ? undefined : budgets?.frames?.inputToScreenP95Frames?.[String(cpuRate)];
  const id = `frames.${slug}${render === 'main' ? '.render-main' : ''}.cpu${cpuRate}x.input`;
  const where = render === 'main' ? ' (render=main)' : render === 'worker' ? ' (render worker)' : '';
  const label = `${path.split('?')[0]}${where} ${cpuRate}× CPU input to screen (${summary.kinds.join(', ')}: mark → first frame showing it)`;
  const r2 = (v: number) => Math.round(v * 100) / 100;
  const of = `${summary.shown} inputs${summary.unshown ? `, ${summary.unshown} not shown` : ''}, frame ${r2(summary.frameIntervalMs)} ms`;
  return [
    {
      id: `${id}.p95Frames`,
      label: `${label} p95`,
      value: r2(summary.p95Frames),
      unit: `frames (${r2(summary.p95Ms)} ms; ${of})`,
      better: 'lower',
      ...(goal !== undefined
        ? { goal: { op: '<=' as const, value: goal, text: `p95 ≤ ${goal} frames at ${cpuRate}× CPU` } }
        : {}),
    },
    {
      id: `${id}.p50Frames`,
      label: `${label} p50`,
      value: r2(summary.p50Frames),
      unit: `frames (${r2(summary.p50Ms)} ms)`,
      better: 'lower',
    },
  ];
}
