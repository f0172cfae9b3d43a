/**
 * Memory: JS heap (page + its workers, after a forced GC) of each game page after warm-up
 * and after the soak (default 5 min of its scripted scene), and the peak RSS (VmHWM) of the
 * server that served them. The pages soak side by side, one tab each, so the soak takes
 * its duration once rather than once per page.
 */
import { loadBudgets } from '../lib/budgets.ts';
import { HeapReader, loopSteps } from '../lib/pagedriver.ts';
import { errorNote, type OpenScene, openScene, presentScenes } from '../lib/pages.ts';
import { ensureBuild, ensureServer, launchBrowser, peakRssMB, serverUserNames, sleep } from '../lib/site.ts';
import { slope } from '../lib/stats.ts';
import type { Scene } from '../scenes.ts';
import type { BenchFigure, BenchPart } from '../types.ts';

const MB = 1e6;

interface Soaking {
  scene: Scene;
  opened: OpenScene;
  heap: HeapReader;
  input: { stop(): Promise<void> };
  warm: { pageBytes: number; workerBytes: number; workers: number } | null;
  /** (minutes since warm-up, total MB) readings for the growth trend. */
  samples: [number, number][];
  failed: string | null;
}

const round = (v: number) => Math.round(v * 10) / 10;

export const part: BenchPart = {
  name: 'memory',
  description:
    'JS heap (page + workers, after GC) of each game page after warm-up and after the soak; server peak RSS',
  async run(ctx) {
    const budgets = loadBudgets();
    const build = await ensureBuild(ctx);
    const scenes = presentScenes(ctx, build);
    const server = await ensureServer(ctx);
    const figures: BenchFigure[] = [];
    const soakMs = ctx.soakMs ?? (ctx.quick ? 20_000 : 300_000);
    const warmupMs = ctx.quick ? 5_000 : 20_000;
    if (scenes.length) {
      const browser = await launchBrowser(ctx);
      const soaking: Soaking[] = [];
      try {
        for (const scene of scenes) {
          try {
            const opened = await openScene(browser, server.origin, scene);
            const cdp = await opened.page.context().newCDPSession(opened.page);
            const heap = await HeapReader.attach(cdp);
            soaking.push({
              scene,
              opened,
              heap,
              input: loopSteps(opened.page, scene.loop),
              warm: null,
              samples: [],
              failed: null,
            });
          } catch (error) {
            ctx.note?.(`${scene.path}: not measured: ${(error as Error).message.split('\n')[0]}`);
          }
        }
        ctx.progress(`warming up ${soaking.length} page(s) for ${warmupMs / 1000} s…`);
        await sleep(warmupMs);
        for (const s of soaking) {
          s.warm = await s.heap.read();
          s.samples.push([0, (s.warm.pageBytes + s.warm.workerBytes) / MB]);
        }
        const started = Date.now();
        const sampleEvery = Math.max(5_000, Math.min(30_000, soakMs / 10));
        while (Date.now() - started < soakMs) {
          await sleep(Math.min(sampleEvery, soakMs - (Date.now() - started)));
          const minutes = (Date.now() - started) / 60_000;
          const readings: string[] = [];
          for (const s of soaking) {
            if (s.failed) continue;
            try {
              const now = await s.heap.read();
              const total = (now.pageBytes + now.workerBytes) / MB;
              s.samples.push([minutes, total]);
              readings.push(`${s.scene.slug} ${total.toFixed(1)} MB`);
            } catch (error) {
              s.failed = (error as Error).message.split('\n')[0];
            }
          }
          const elapsed = Math.round((Date.now() - started) / 1000);
          ctx.progress(`soak ${elapsed}/${Math.round(soakMs / 1000)} s: ${readings.join(', ')}`);
        }
        for (const s of soaking) {
          await s.input.stop().catch((error: Error) => {
            s.failed ??= `scene input: ${error.message.split('\n')[0]}`;
          });
          const errors = errorNote(s.scene, s.opened.errors);
          if (errors) ctx.note?.(errors);
          if (s.failed || !s.warm) {
            ctx.note?.(`${s.scene.path}: soak failed: ${s.failed ?? 'no warm-up reading'}`);
            continue;
          }
          const end = await s.heap.read();
          figures.push(...heapFigures(s.scene, s.warm, end, s.samples, soakMs, budgets.memory));
        }
      } finally {
        for (const s of soaking) await s.opened.context.close().catch(() => {});
        await browser.close();
      }
    }
    const rss = peakRssMB(server.pid);
    if (rss !== null) {
      const users = serverUserNames().filter((name) => name !== 'memory');
      figures.push({
        id: 'memory.server.peakRss',
        label: `server peak RSS (VmHWM) over the run${users.length ? ` (${users.join(', ')} + soak)` : ''}`,
        value: round(rss),
        unit: 'MB',
        better: 'lower',
      });
    } else {
      ctx.note?.('server peak RSS not measured: /proc/<pid>/status is not readable here');
    }
    return figures;
  },
};

function heapFigures(
  scene: Scene,
  warm: { pageBytes: number; workerBytes: number; workers: number },
  end: { pageBytes: number; workerBytes: number; workers: number },
  samples: [number, number][],
  soakMs: number,
  budget: { pageHeapMB: number; growthAfterWarmupMB: number },
): BenchFigure[] {
  const page = scene.path.split('?')[0];
  const warmTotal = (warm.pageBytes + warm.workerBytes) / MB;
  const endTotal = (end.pageBytes + end.workerBytes) / MB;
  const soak = `${round(soakMs / 60_000)} min`;
  const id = `memory.${scene.slug}`;
  return [
    {
      id: `${id}.heapAfterWarmup`,
      label: `${page} JS heap after warm-up`,
      value: round(warmTotal),
      unit: 'MB',
      better: 'lower',
    },
    {
      id: `${id}.heapAfterSoak`,
      label: `${page} JS heap after ${soak} soak${end.workers ? ` (incl. ${end.workers} worker(s) ${round(end.workerBytes / MB)} MB)` : ''}`,
      value: round(endTotal),
      unit: 'MB',
      better: 'lower',
      goal: { op: '<=', value: budget.pageHeapMB, text: `≤ ${budget.pageHeapMB} MB` },
    },
    {
      id: `${id}.growth`,
      label: `${page} heap growth over the soak`,
      value: round(endTotal - warmTotal),
      unit: 'MB',
      better: 'lower',
      goal: {
        op: '<=',
        value: budget.growthAfterWarmupMB,
        text: `no growth (≤ ${budget.growthAfterWarmupMB} MB)`,
      },
    },
    {
      id: `${id}.growthTrend`,
      label: `${page} heap trend (least squares)`,
      value:
        Math.round(
          slope(
            samples.map((s) => s[0]),
            samples.map((s) => s[1]),
          ) * 100,
        ) / 100,
      unit: 'MB/min',
      better: 'lower',
    },
  ];
}

export default part;
