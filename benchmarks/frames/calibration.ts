/** Once per run, on the first game page: how much "4×" slowed a fixed piece of script. */

import type { CDPSession, Page } from 'playwright-core';
import { benchmarkIndex, effectiveSlowdown, isolateMainThread } from '../lib/isolate.ts';
import type { BenchFigure, BenchPart } from '../types.ts';
import { CPU_RATES } from './figures.ts';

/** How long each rate's probe runs in the calibration. */
const CALIBRATION_MS = 2500;

/**
 * What "4× CPU" does to a fixed piece of script in a running game page (lib/isolate.ts),
 * on shared cores and, with BENCH_ISOLATE=1, with the page's main thread isolated (which it
 * then stays). Emulation.setCPUThrottlingRate stops the main thread by wall time from a
 * thread of its own, so what a rate does depends on how that thread gets the cores; this
 * says what it did in this run. Reported, no goal; noted when it is more than 10 % off.
 */
export async function calibration(
  ctx: Parameters<BenchPart['run']>[0],
  page: Page,
  cdp: CDPSession,
  isolate: boolean,
): Promise<BenchFigure[]> {
  const rate = CPU_RATES[CPU_RATES.length - 1];
  const figures: BenchFigure[] = [];
  const report = (mode: string, label: string, r: Awaited<ReturnType<typeof effectiveSlowdown>>) => {
    figures.push({
      id: `frames.calibration.cpu${rate}x.${mode}`,
      label: `${rate}× CPU as a fixed piece of script in a game page feels it, ${label}`,
      value: Math.round(r.ratio * 100) / 100,
      unit: `× (${r.unthrottledMs.toFixed(1)} → ${r.throttledMs.toFixed(1)} ms, medians)`,
      // Lower is the lighter throttle, the kinder figure; the run is right when it reads the rate.
      better: 'lower',
    });
    if (Math.abs(r.ratio - rate) > 0.1 * rate)
      ctx.note?.(
        `${label}: ${rate}× CPU slowed a fixed piece of script ${r.ratio.toFixed(2)}×, not ${rate}×`,
      );
  };
  report('shared', 'on shared cores', await effectiveSlowdown(page, cdp, rate, CALIBRATION_MS, null));
  // Where this host and its "4×" sit on Lighthouse's scale of devices (see benchmarkIndex).
  for (const r of [1, rate])
    figures.push({
      id: `frames.calibration.benchmarkIndex.cpu${r}x`,
      label: `Lighthouse BenchmarkIndex of the game page at ${r}× CPU (Lighthouse: high-end desktop 1500–2000, mid-tier phone 125–800, budget phone < 125)`,
      value: Math.round(await benchmarkIndex(page, cdp, r)),
      unit: '',
      better: 'higher',
    });
  if (isolate) {
    try {
      const isolation = await isolateMainThread(cdp);
      report(
        'isolated',
        'the main thread on a core of its own',
        await effectiveSlowdown(page, cdp, rate, CALIBRATION_MS, isolation),
      );
    } catch {
      // The page's own isolation, next, says why.
    }
  }
  return figures;
}
