import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../lib/trace.ts';
import { figures, type Measured, SCENE_WORKER_URL, workerBusyShare } from './index.ts';

const measured = (over: Partial<Measured>): Measured => ({
  frames: 300,
  p50: 3,
  p95: 6,
  cpuP95: 5,
  sceneFps: 40,
  workerBusyShare: null,
  ...over,
});

describe('offscreen bench figures', () => {
  it('sets the worker-drawn page beside the page-thread-drawn one, as a ratio of main-thread work and of frames drawn', () => {
    const out = figures({
      blank: measured({ p95: 4 }),
      page: measured({ p50: 8, p95: 16, sceneFps: 30 }),
      worker: measured({ p50: 2, p95: 8, sceneFps: 45, workerBusyShare: 0.5 }),
    });
    const byId = (id: string) => out.find((f) => f.id === id)!;
    expect(byId('offscreen.blank.cpu4x.main.p95').value).toBe(4);
    expect(byId('offscreen.worker.cpu4x.main.p50').baseline).toMatchObject({ value: 8, ratio: 4 });
    expect(byId('offscreen.worker.cpu4x.main.p95').baseline).toMatchObject({ value: 16, ratio: 2 });
    expect(byId('offscreen.worker.cpu4x.sceneFps').baseline).toMatchObject({ value: 30, ratio: 1.5 });
    expect(byId('offscreen.worker.cpu4x.workerBusy').value).toBe(50);
    expect(out.some((f) => f.id.includes('.render.'))).toBe(false);
  });

  it('gives the worker’s own work per frame, the bare-Pixi baseline for a game’s render worker', () => {
    const out = figures({
      blank: measured({}),
      page: measured({}),
      worker: measured({ workerFrameP95: 6.789, workerFrameCpuP95: 4.321 }),
    });
    expect(out.find((f) => f.id === 'offscreen.worker.cpu4x.render.p95')?.value).toBe(6.79);
    expect(out.find((f) => f.id === 'offscreen.worker.cpu4x.render.cpuP95')?.value).toBe(4.32);
    expect(SCENE_WORKER_URL.test('http://127.0.0.1:40000/assets/worker-B1x_9aZ.js')).toBe(true);
    expect(SCENE_WORKER_URL.test('http://127.0.0.1:40000/assets/webworkerAll-B1x9aZ.js')).toBe(false);
  });

  it('leaves out the worker thread’s share when the trace has no worker thread', () => {
    const out = figures({
      blank: measured({}),
      page: measured({}),
      worker: measured({ workerBusyShare: null }),
    });
    expect(out.some((f) => f.id === 'offscreen.worker.cpu4x.workerBusy')).toBe(false);
  });
});

describe('workerBusyShare', () => {
  const started: TraceEvent = {
    name: 'TracingStartedInBrowser',
    ph: 'I',
    ts: 0,
    pid: 1,
    tid: 1,
    args: { data: { frames: [{ processId: 7, isOutermostMainFrame: true }] } },
  };
  const thread = (tid: number, name: string): TraceEvent => ({
    name: 'thread_name',
    ph: 'M',
    ts: 0,
    pid: 7,
    tid,
    args: { name },
  });
  const task = (tid: number, ts: number, durMs: number): TraceEvent => ({
    name: 'ThreadControllerImpl::RunTask',
    ph: 'X',
    ts: ts * 1000,
    dur: durMs * 1000,
    pid: 7,
    tid,
  });

  it("sums the page's worker thread's outermost tasks over the window", () => {
    const events = [
      started,
      thread(10, 'CrRendererMain'),
      thread(20, 'DedicatedWorker thread'),
      task(20, 0, 100),
      { ...task(20, 10, 20), name: 'RunTask' }, // nested in the first: not counted again
      task(20, 200, 150),
      task(10, 0, 900), // the main thread's
    ];
    expect(workerBusyShare(events, 1000)).toBeCloseTo(0.25, 10);
  });

  it('is null when the page has no worker thread', () => {
    expect(workerBusyShare([started, thread(10, 'CrRendererMain'), task(10, 0, 5)], 1000)).toBeNull();
  });
});
