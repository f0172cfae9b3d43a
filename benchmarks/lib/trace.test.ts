import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  frameTaskStarts,
  mainFrameStarts,
  markTimes,
  ownWork,
  pageMainThread,
  summarizeMainThread,
  summarizeWorkerThread,
  type TraceEvent,
  threadTasks,
  workerThreadByUrl,
  workPerFrame,
} from './trace.ts';

/**
 * 1.3 s of a real trace: /gravity?preset=proto-disk at 4× CPU in headless Chromium
 * (software compositing), cut down to the events the parser reads, all threads of the
 * renderer kept (its compositor thread runs tasks too, which must not count).
 */
const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'trace-gravity-4x.json');
const recorded = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as TraceEvent[];

const MAIN = { pid: 17040, tid: 17040 };

describe('main-thread work from a recorded trace', () => {
  it('finds the page’s renderer main thread', () => {
    expect(pageMainThread(recorded)).toEqual(MAIN);
  });

  it('falls back to the thread that begins frames when thread names are missing', () => {
    const unnamed = recorded.filter((e) => !(e.ph === 'M' && e.name === 'thread_name'));
    expect(pageMainThread(unnamed)).toEqual(MAIN);
  });

  it('counts each top-level task once (RunTask wraps ThreadControllerImpl::RunTask), main thread only', () => {
    const tasks = threadTasks(recorded, MAIN);
    expect(tasks).toHaveLength(52);
    expect(tasks.reduce((sum, t) => sum + t.duration, 0)).toBeCloseTo(1285.358, 3);
  });

  it('puts the WebGL readback inside the task that waited for it', () => {
    const tasks = threadTasks(recorded, MAIN);
    expect(tasks.reduce((sum, t) => sum + t.readback, 0)).toBeCloseTo(808.274, 3);
    const longest = tasks.reduce((a, b) => (b.duration > a.duration ? b : a));
    expect(longest.duration).toBeCloseTo(437.811, 3);
    expect(longest.readback).toBeCloseTo(335.755, 3);
  });

  it('sums own work (less readback) per frame, from the task that began each frame to the next', () => {
    const tasks = threadTasks(recorded, MAIN);
    const starts = mainFrameStarts(recorded, MAIN);
    expect(starts).toEqual([821051.496, 821646.681, 822067.112]);
    const frames = frameTaskStarts(tasks, starts);
    expect(frames).toEqual([821049.823, 821646.652, 822067.085]);
    const work = workPerFrame(tasks, frames);
    expect(work).toHaveLength(2);
    expect(work[0]).toBeCloseTo(591.298 - 335.755, 3);
    expect(work[1]).toBeCloseTo(416.71 - 251.379, 3);
    expect(summarizeMainThread(recorded)!.workPerFrame).toEqual(work);
  });

  it('sums own CPU (thread time, less the readback’s) per frame the same way', () => {
    const cpu = summarizeMainThread(recorded)!.cpuPerFrame;
    expect(cpu).toHaveLength(2);
    expect(cpu[0]).toBeCloseTo(230.985 - 131.413, 3);
    expect(cpu[1]).toBeCloseTo(159.935 - 89.119, 3);
  });

  it('summarises long tasks with and without the readback, and the readback share', () => {
    const summary = summarizeMainThread(recorded)!;
    expect(summary.longTasksWithReadback).toBe(4);
    // 266.3 ms of which 221.1 ms readback is 45.2 ms of own work: not long.
    expect(summary.longTasks).toBe(3);
    expect(summary.readbackShare).toBeCloseTo(808.274 / 1285.358, 5);
  });

  it('answers null when the page’s process is not in the trace', () => {
    expect(summarizeMainThread(recorded.filter((e) => e.name !== 'TracingStartedInBrowser'))).toBeNull();
  });
});

describe('the commit’s wait for the compositor thread', () => {
  /** Four frames of the same page traced with the "cc" category too (the profile script's fixture). */
  const detailed = JSON.parse(
    fs.readFileSync(path.join(path.dirname(FIXTURE), 'trace-gravity-4x-detailed.json'), 'utf8'),
  ) as TraceEvent[];

  it('is charged to the task it blocks, and left out of the work beside the readback', () => {
    const thread = pageMainThread(detailed)!;
    const tasks = threadTasks(detailed, thread);
    expect(tasks.reduce((sum, t) => sum + t.commitWait, 0)).toBeCloseTo(10.13 + 10.083 + 0.176 + 4.027, 3);
    for (const t of tasks) expect(ownWork(t)).toBeCloseTo(t.duration - t.readback - t.commitWait, 6);
    const summary = summarizeMainThread(detailed)!;
    expect(summary.commitWaitPerFrame).toHaveLength(summary.workPerFrame.length);
    expect(summary.commitWaitMs).toBeCloseTo(24.416, 3);
    expect(summary.commitWaitShare).toBeCloseTo(summary.commitWaitMs / summary.busyMs, 6);
  });

  it('is zero in a trace without the event (recorded before the category was asked for)', () => {
    expect(summarizeMainThread(recorded)!.commitWaitMs).toBe(0);
  });
});

describe('the benchmark driver’s CDP commands', () => {
  /**
   * Three frames of /whac-a-moji at 4× CPU in which Playwright looked for a cell to click:
   * the main thread's tasks, mojo messages (with their interface), waits and frame starts.
   */
  const whac = JSON.parse(
    fs.readFileSync(path.join(path.dirname(FIXTURE), 'trace-whac-4x-driver.json'), 'utf8'),
  ) as TraceEvent[];

  it('are left out of the work and reported beside it, frame by frame', () => {
    const summary = summarizeMainThread(whac)!;
    expect(summary.driverMs).toBeCloseTo(5.406 + 14.754, 3);
    expect(summary.driverPerFrame).toEqual([5.406, 14.754, 0]);
    expect(summary.workPerFrame[1]).toBeCloseTo(11.682, 3);
    // Without the driver and the commit wait, the frame would have counted 29.3 ms.
    expect(summary.workPerFrame[1] + summary.driverPerFrame[1] + summary.commitWaitPerFrame[1]).toBeCloseTo(
      29.314,
      3,
    );
  });

  it('count only DevToolsSession messages (input and compositor messages are the page’s)', () => {
    const tasks = threadTasks(whac, pageMainThread(whac)!);
    expect(tasks.filter((t) => t.driver > 0)).toHaveLength(2);
  });
});

describe('work per frame on made-up tasks', () => {
  const task = (start: number, duration: number, readback = 0) => ({
    start,
    end: start + duration,
    duration,
    readback,
    cpu: duration / 2,
    readbackCpu: 0,
    commitWait: 0,
    commitWaitCpu: 0,
    driver: 0,
    driverCpu: 0,
  });

  it('gives a frame with no task zero work and ignores tasks outside whole frames', () => {
    const tasks = [task(-5, 3), task(1, 4, 1), task(10, 2), task(40, 9)];
    expect(workPerFrame(tasks, [0, 16, 33])).toEqual([5, 0]);
  });

  it('needs two frame starts for one frame', () => {
    expect(workPerFrame([task(0, 5)], [0])).toEqual([]);
  });
});

describe('frame starts', () => {
  it('keeps a frame start that no task contains', () => {
    const tasks = [
      {
        start: 0,
        end: 5,
        duration: 5,
        readback: 0,
        cpu: 5,
        readbackCpu: 0,
        commitWait: 0,
        commitWaitCpu: 0,
        driver: 0,
        driverCpu: 0,
      },
    ];
    expect(frameTaskStarts(tasks, [2, 9])).toEqual([0, 9]);
  });
});

/**
 * 2 s of a real trace: /gravity?preset=proto-disk drawn by its render worker (unthrottled,
 * the machine heavily loaded), cut down to the two worker threads' tasks, readbacks, the
 * draw counter's frame marks and the workers' script URLs.
 */
const WORKER_FIXTURE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures',
  'trace-gravity-render-worker.json',
);
const workerTrace = JSON.parse(fs.readFileSync(WORKER_FIXTURE, 'utf8')) as TraceEvent[];
const RENDER = { pid: 26786, tid: 26898 };

describe('a render worker’s work from a recorded trace', () => {
  it('finds the worker by its script, not the physics worker beside it', () => {
    expect(workerThreadByUrl(workerTrace, /-render\.worker[-.][^/]*$/)).toEqual(RENDER);
    expect(workerThreadByUrl(workerTrace, /\/gravity\.worker-/)).toEqual({ pid: 26786, tid: 26897 });
    expect(workerThreadByUrl(workerTrace, /race-render/)).toBeNull();
  });

  it('takes its frames from the marks it set, and its work per frame less the readback', () => {
    expect(markTimes(workerTrace, RENDER, 'bench:frame')).toEqual([
      3769812.926, 3770321.925, 3770651.597, 3771118.39, 3771455.733,
    ]);
    const summary = summarizeWorkerThread(workerTrace, RENDER, 'bench:frame')!;
    // Five marks, four whole frames; each from the animation-frame task holding a mark to the next.
    expect(summary.workPerFrame).toHaveLength(4);
    expect(summary.workPerFrame[0]).toBeCloseTo(25.663, 3);
    expect(summary.workPerFrame[3]).toBeCloseTo(7.398, 3);
    expect(summary.cpuPerFrame[0]).toBeCloseTo(3.818, 3);
    // The worker waited for the software readback most of the time it was busy.
    expect(summary.readbackShare).toBeCloseTo(1472.27 / 1599.159, 4);
    expect(summary.longTasks).toBe(1);
    const tasks = threadTasks(workerTrace, RENDER);
    expect(summary.busyMs).toBeCloseTo(
      tasks.reduce((sum, t) => sum + t.duration, 0),
      6,
    );
  });

  it('has no frames without two marks', () => {
    const oneMark = workerTrace.filter((e) => e.name !== 'bench:frame' || e.ts < 3770000000);
    expect(summarizeWorkerThread(oneMark, RENDER, 'bench:frame')).toBeNull();
  });
});
