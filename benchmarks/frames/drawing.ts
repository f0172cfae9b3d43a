/**
 * What the scene drew and where: the draw counter installed in the page or its render worker
 * (lib/drawing.ts), that worker's work per frame from the trace, their figures, and the
 * offscreen part's bare-Pixi worker set beside them when both parts run.
 */

import type { Page } from 'playwright-core';
import type { Budgets } from '../lib/budgets.ts';
import {
  type DrawingCounter,
  type DrawingSummary,
  FRAME_MARK,
  installDrawingCounter,
  RENDER_WORKER_URL,
} from '../lib/drawing.ts';
import { percentile } from '../lib/stats.ts';
import {
  LONG_TASK_MS,
  summarizeWorkerThread,
  type TraceEvent,
  type WorkerThreadSummary,
  workerThreadByUrl,
} from '../lib/trace.ts';
import type { RenderPath } from '../scenes.ts';
import type { BenchContext, BenchFigure } from '../types.ts';

/**
 * Installs the draw counter where the scene draws (lib/drawing.ts), and checks that a game
 * on the runtime draws where its variant asked: the default path in its render worker.
 * A page whose counter cannot be installed is measured without its drawing figures.
 */
export async function countDrawing(
  ctx: BenchContext,
  page: Page,
  path: string,
  render: RenderPath | undefined,
): Promise<DrawingCounter | null> {
  try {
    const counter = await installDrawingCounter(page);
    const drawsIn = counter?.realm === 'worker' ? 'worker' : 'main';
    if (render && counter && drawsIn !== render)
      ctx.note?.(
        `${path}: asked to draw ${render === 'worker' ? 'in its render worker' : 'on the page'}, but it draws ${drawsIn === 'worker' ? 'in a render worker' : 'on the page'}`,
      );
    return counter;
  } catch (error) {
    ctx.note?.(`${path}: draw calls not counted: ${(error as Error).message.split('\n')[0]}`);
    return null;
  }
}

/** The render worker's work per frame, its frames marked by the draw counter. */
export function renderWorkerSummary(events: readonly TraceEvent[]): WorkerThreadSummary | null {
  const thread = workerThreadByUrl(events, RENDER_WORKER_URL);
  return thread ? summarizeWorkerThread(events, thread, FRAME_MARK) : null;
}

/** The render worker's work per frame (less the software readback), goal at 4× CPU on wall and thread time. */
export function renderWorkerFigures(
  id: string,
  label: string,
  summary: WorkerThreadSummary,
  budgets?: Budgets,
): BenchFigure[] {
  const goal = budgets?.frames?.renderWorkerP95AtCpu4xMs;
  const withGoal =
    goal !== undefined
      ? { goal: { op: '<=' as const, value: goal, text: `p95 ≤ ${goal} ms at 4× CPU` } }
      : {};
  const ms = (v: number) => Math.round(v * 100) / 100;
  const work = [...summary.workPerFrame].sort((a, b) => a - b);
  const cpu = [...summary.cpuPerFrame].sort((a, b) => a - b);
  return [
    {
      id: `${id}.render.p50`,
      label: `${label} render worker work per frame p50 (wall time, less the readback; ${work.length} frames)`,
      value: ms(percentile(work, 50)),
      unit: 'ms',
      better: 'lower',
    },
    {
      id: `${id}.render.p95`,
      label: `${label} render worker work per frame p95 (wall time, less the readback)`,
      value: ms(percentile(work, 95)),
      unit: 'ms',
      better: 'lower',
      ...withGoal,
    },
    {
      id: `${id}.render.cpuP95`,
      label: `${label} render worker CPU per frame p95 (thread time, less the readback's)`,
      value: ms(percentile(cpu, 95)),
      unit: 'ms',
      better: 'lower',
      ...withGoal,
    },
    {
      id: `${id}.render.longTasks`,
      label: `${label} render worker tasks over ${LONG_TASK_MS} ms (own work)`,
      value: summary.longTasks,
      unit: 'tasks',
      better: 'lower',
    },
    {
      id: `${id}.render.readbackShare`,
      label: `${label} render worker waiting on the WebGL readback`,
      value: Math.round(summary.readbackShare * 1000) / 10,
      unit: '%',
      better: 'lower',
    },
  ];
}

/** Frames the scene drew per second and its draw calls per frame, counted where it draws. */
export function drawingFigures(
  id: string,
  label: string,
  drawing: DrawingSummary,
  realm: string,
): BenchFigure[] {
  return [
    {
      id: `${id}.drawnFps`,
      label: `${label} frames the scene drew per second (counted in its ${realm})`,
      value: Math.round(drawing.drawnFps * 10) / 10,
      unit: 'fps',
      better: 'higher',
    },
    {
      id: `${id}.drawCalls`,
      label: `${label} WebGL draw calls per drawn frame, mean (${drawing.drawnFrames} frames)`,
      value: Math.round(drawing.drawCallsMean * 10) / 10,
      unit: `calls (p95 ${drawing.drawCallsP95})`,
      better: 'lower',
    },
  ];
}

/**
 * With the `offscreen` part in the same run: its bare-Pixi worker's work per frame p95 (wall
 * and thread time) as the baseline of each game's render worker figure at 4× CPU, so the table
 * shows them side by side (`--only frames,offscreen`).
 */
export function attachBarePixiBaseline(parts: readonly { name: string; figures: BenchFigure[] }[]): void {
  const offscreen = parts.find((p) => p.name === 'offscreen')?.figures ?? [];
  const frames = parts.find((p) => p.name === 'frames')?.figures ?? [];
  for (const kind of ['p95', 'cpuP95'] as const) {
    const bare = offscreen.find((f) => f.id === `offscreen.worker.cpu4x.render.${kind}`);
    if (!bare || !(bare.value > 0)) continue;
    for (const figure of frames) {
      if (!figure.id.endsWith(`.cpu4x.render.${kind}`) || figure.baseline) continue;
      figure.baseline = {
        label: 'bare Pixi in a worker (offscreen part), same run',
        value: bare.value,
        ratio: Math.round((figure.value / bare.value) * 100) / 100,
        ratioLabel: '× bare Pixi',
      };
    }
  }
}
