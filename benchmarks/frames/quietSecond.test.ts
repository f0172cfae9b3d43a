import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mainFrameStarts, ownCpu, type TraceEvent, threadTasks } from '../lib/trace.ts';
import { quietSecond } from './quietSecond.ts';

/** The frames part's recorded gravity trace (lib/fixtures): 1.3 s at 4× CPU. */
const FIXTURE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'lib',
  'fixtures',
  'trace-gravity-4x.json',
);
const recorded = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as TraceEvent[];
const MAIN = { pid: 17040, tid: 17040 };

describe('quietSecond', () => {
  it("counts the page's main thread alone: its own CPU, the frames it began and its animation-frame callbacks, per second", () => {
    const callback = (tid: number, ts: number): TraceEvent => ({
      name: 'FireAnimationFrame',
      ph: 'X',
      pid: MAIN.pid,
      tid,
      ts,
      dur: 100,
    });
    // Three callbacks on the main thread; two on another thread of the renderer (a worker's) do not count.
    const events = [...recorded, callback(MAIN.tid, 1), callback(MAIN.tid, 2), callback(MAIN.tid, 3)];
    events.push(callback(MAIN.tid + 1, 4), callback(MAIN.tid + 1, 5));
    const second = quietSecond(events, 2)!;
    expect(second.animationFrames).toBe(1.5);
    const tasks = threadTasks(recorded, MAIN);
    expect(tasks.length).toBeGreaterThan(10);
    expect(second.cpuMs).toBeCloseTo(tasks.reduce((sum, task) => sum + ownCpu(task), 0) / 2, 6);
    expect(second.frames).toBe(mainFrameStarts(recorded, MAIN).length / 2);
    expect(second.frames).toBeGreaterThan(0);
  });

  it('is nothing for a trace without the page', () => {
    expect(
      quietSecond(
        recorded.filter((e) => e.name !== 'TracingStartedInBrowser'),
        1,
      ),
    ).toBeNull();
  });
});
