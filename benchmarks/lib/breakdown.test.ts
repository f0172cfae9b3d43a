import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  buildLocator,
  type CpuProfile,
  forcedLayouts,
  kindOf,
  longTaskScripts,
  profileBreakdown,
  profileFromTrace,
  tailBreakdown,
  traceBreakdown,
} from './breakdown.ts';
import type { TraceEvent } from './trace.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
/**
 * Four frames of /gravity?preset=proto-disk at 4× CPU, traced with the profile script's
 * categories (timeline, v8.execute, cc, gpu…): the page's main thread only, plus metadata.
 */
const trace = JSON.parse(
  fs.readFileSync(path.join(fixtures, 'trace-gravity-4x-detailed.json'), 'utf8'),
) as TraceEvent[];
/** 0.3 s (3,000 samples at 100 µs) of a CPU profile of the same page, chunk URLs made relative. */
const profile = JSON.parse(
  fs.readFileSync(path.join(fixtures, 'profile-gravity-4x.json'), 'utf8'),
) as CpuProfile;

describe('trace breakdown', () => {
  it('sums self time per frame by kind over whole frames', () => {
    const b = traceBreakdown(trace)!;
    expect(b.frames).toBe(4);
    expect(b.msPerFrame).toBeCloseTo(56.616, 2);
    const sum = Object.values(b.byKind).reduce((a, v) => a + v, 0);
    expect(sum).toBeCloseTo(b.msPerFrame, 6);
    expect(b.byKind.script).toBeCloseTo(7.0195, 3);
    expect(b.byKind['paint+commit']).toBeCloseTo(9.675, 2);
  });

  it('charges the command-buffer waits nested in the readback to the readback', () => {
    const b = traceBreakdown(trace)!;
    expect(b.events[0]).toMatchObject({ name: 'GLES2::ReadPixels', kind: 'readback' });
    expect(b.byKind.readback).toBeCloseTo(35.1015, 3);
    expect(b.events.some((e) => e.name === 'CommandBufferProxyImpl::WaitForGetOffset')).toBe(false);
  });

  it('sorts events into kinds', () => {
    expect(kindOf('FunctionCall')).toBe('script');
    expect(kindOf('MinorGC')).toBe('gc');
    expect(kindOf('Document::recalcStyle')).toBe('style+layout');
    expect(kindOf('Blink.PrePaint.UpdateTime')).toBe('paint+commit');
    expect(kindOf('CommandBufferProxyImpl::Flush')).toBe('gpu wait (not readback)');
    expect(kindOf('SerializedScriptValueFactory::deserialize')).toBe('messages');
    expect(kindOf('ThreadControllerImpl::RunTask')).toBe('task overhead');
    expect(kindOf('SomethingNew')).toBe('other');
  });

  it('has nothing to say without the page’s frames', () => {
    expect(traceBreakdown([])).toBeNull();
  });
});

/** The renderer main thread synthetic traces put their events on. */
const pid = 7;
const tid = 9;
/** The metadata that names it the page's main thread (as `pageMainThread` reads it). */
function pageMeta(): TraceEvent[] {
  return [
    {
      name: 'TracingStartedInBrowser',
      ph: 'I',
      pid: 1,
      tid: 1,
      ts: 0,
      args: { data: { frames: [{ processId: pid, isOutermostMainFrame: true }] } },
    },
    { name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name: 'CrRendererMain' } },
  ];
}

describe('tail breakdown', () => {
  /** 20 frames of 1 ms each (0.2 ms of script), every tenth with a 3 ms input event on top. */
  function synthetic(): TraceEvent[] {
    const events = pageMeta();
    for (let i = 0; i < 20; i++) {
      const ts = 1000 + i * 16_667;
      const slow = i % 10 === 3;
      const dur = slow ? 4000 : 1000;
      events.push({ name: 'RunTask', ph: 'X', pid, tid, ts, dur });
      events.push({ name: 'BeginMainThreadFrame', ph: 'I', pid, tid, ts: ts + 10 });
      events.push({ name: 'FunctionCall', ph: 'X', pid, tid, ts: ts + 100, dur: 200 });
      if (slow) events.push({ name: 'EventDispatch', ph: 'X', pid, tid, ts: ts + 400, dur: 3000 });
    }
    return events;
  }

  it('shows what the slowest tenth of the frames has that the middle ones do not', () => {
    const t = tailBreakdown(synthetic())!;
    expect(t.p50).toBeCloseTo(1, 6);
    expect(t.p90).toBeCloseTo(4, 6);
    expect(t.slowest.frames).toBe(2);
    expect(t.slowest.msPerFrame).toBeCloseTo(4, 6);
    expect(t.slowest.events[0]).toMatchObject({ name: 'EventDispatch', kind: 'script' });
    expect(t.slowest.events[0].msPerFrame).toBeCloseTo(3, 6);
    expect(t.middle.events.some((e) => e.name === 'EventDispatch')).toBe(false);
    expect(t.middle.msPerFrame).toBeCloseTo(1, 6);
  });

  it('needs at least ten frames', () => {
    expect(tailBreakdown(trace)).toBeNull();
  });
});

describe('forced layouts', () => {
  const meta = pageMeta();
  const frame = (functionName: string, lineNumber: number) => ({
    functionName,
    url: 'http://127.0.0.1:4191/assets/index-abc.js',
    lineNumber,
    columnNumber: 5,
  });
  const focusStack = [frame('Fl', 9), frame('vu', 9)];
  /** A style or layout event of the page's main thread (or `onTid`'s) that `focusStack` asked for. */
  const forcedBy = (name: string, ts: number, dur: number, onTid = tid): TraceEvent => ({
    name,
    ph: 'X',
    pid,
    tid: onTid,
    ts,
    dur,
    args: { beginData: { stackTrace: focusStack } },
  });

  it('sums forced style and layout by the script that asked, named through the source maps', () => {
    const calls: [string, number, number][] = [];
    const locate = (url: string, line: number, column: number) => {
      calls.push([url, line, column]);
      return { module: 'react-dom/cjs/react-dom-client.production.js', line: 9207, name: 'commitHostMount' };
    };
    const events: TraceEvent[] = [
      ...meta,
      forcedBy('Layout', 10, 15_600),
      forcedBy('UpdateLayoutTree', 20_000, 2000),
      // The frame's own layout (no script asked): not forced.
      { name: 'Layout', ph: 'X', pid, tid, ts: 40_000, dur: 9000, args: { beginData: {} } },
      // Another thread's: not the page's.
      forcedBy('Layout', 50_000, 9000, 99),
    ];
    const forced = forcedLayouts(events, locate, 1);
    expect(forced).toEqual([
      {
        where: 'commitHostMount react-dom/cjs/react-dom-client.production.js:9207',
        count: 2,
        totalMs: 17.6,
        maxMs: 15.6,
      },
    ]);
    // Trace stacks are 1-based; the locator takes CDP's 0-based lines and columns.
    expect(calls[0]).toEqual(['http://127.0.0.1:4191/assets/index-abc.js', 8, 4]);
  });

  it('keeps the trace’s own names where there is no source map', () => {
    const events: TraceEvent[] = [...meta, forcedBy('Layout', 10, 1000)];
    expect(forcedLayouts(events, () => null)[0].where).toBe('Fl < vu');
  });
});

describe('CPU profile breakdown', () => {
  const locate = (url: string) =>
    url.includes('comlink')
      ? { module: 'comlink/dist/esm/comlink.mjs', line: 1, name: null }
      : url.includes('/gravity-')
        ? { module: 'src/games/gravity/scene/GravityScene.ts', line: 541, name: 'twinkle' }
        : null;

  it('charges each sample’s interval to its function and groups by package', () => {
    const b = profileBreakdown(profile, locate);
    expect(b.totalMs).toBeCloseTo(2185.113, 2);
    expect(b.byGroup.get('(ours)')).toBeCloseTo(69.483, 2);
    expect(b.byGroup.get('comlink')).toBeCloseTo(34.927, 2);
    expect(b.functions[1]).toMatchObject({
      name: 'twinkle src/games/gravity/scene/GravityScene.ts:541',
      group: '(ours)',
    });
    // Chunks without a source map are named by file.
    expect(b.byGroup.get('(unmapped)')).toBeCloseTo(145.657, 2);
  });

  it('finds the source module and name through a source map', () => {
    const locateInMap = buildLocator(
      () => ({ version: 3, sources: ['src/a.ts'], names: ['tick'], mappings: 'AAAAA', file: 'x.js' }),
      '/root',
    );
    expect(locateInMap('http://127.0.0.1:1/assets/x.js', 0, 5)).toEqual({
      module: 'src/a.ts',
      line: 1,
      name: 'tick',
    });
  });
});

describe('long tasks with their script', () => {
  const url = 'http://127.0.0.1:4191/assets/index-abc.js';
  /**
   * A task holding the sampler's start (0–60 ms), a long task (61–141 ms: a click handler
   * that renders, then native work) and a short one (150–160 ms); the sampler started at
   * 60.5 ms and its chunk comes from a thread of its own, as Chromium writes it.
   */
  function synthetic(): TraceEvent[] {
    const events = pageMeta();
    events.push({ name: 'RunTask', ph: 'X', pid, tid, ts: 0, dur: 60_000 });
    events.push({ name: 'RunTask', ph: 'X', pid, tid, ts: 61_000, dur: 80_000 });
    events.push({ name: 'RunTask', ph: 'X', pid, tid, ts: 150_000, dur: 10_000 });
    const profile = {
      name: 'Profile',
      ph: 'P',
      pid,
      tid,
      ts: 60_400,
      id: '0x1',
      args: { data: { startTime: 60_500 } },
    };
    const chunk = {
      name: 'ProfileChunk',
      ph: 'P',
      pid,
      tid: 99,
      ts: 170_000,
      id: '0x1',
      args: {
        data: {
          cpuProfile: {
            nodes: [
              { id: 1, callFrame: { functionName: '(root)' } },
              { id: 2, parent: 1, callFrame: { functionName: 'a', url, lineNumber: 3, columnNumber: 4 } },
              { id: 3, parent: 2, callFrame: { functionName: 'b', url, lineNumber: 8, columnNumber: 1 } },
              { id: 4, parent: 1, callFrame: { functionName: '(program)' } },
            ],
            samples: [2, 3, 3, 4, 2],
          },
          timeDeltas: [1000, 10_000, 10_000, 10_000, 58_500],
        },
      },
    };
    events.push(profile as TraceEvent, chunk as TraceEvent);
    return events;
  }
  const locate = (_url: string, line: number) =>
    line === 3
      ? { module: 'src/games/crit-happens/ui/CritPage.tsx', line: 424, name: 'onRoll' }
      : { module: 'react-dom/cjs/react-dom-client.production.js', line: 12069, name: 'performWorkOnRoot' };

  it('rebuilds the page thread’s profile from the trace, with each sample’s trace time', () => {
    const p = profileFromTrace(synthetic())!;
    expect(p.samples).toEqual([2, 3, 3, 4, 2]);
    expect(p.sampleTimes).toEqual([61.5, 71.5, 81.5, 91.5, 150]);
    expect(p.nodes).toHaveLength(4);
    expect(profileFromTrace(pageMeta())).toBeNull();
  });

  it('charges each long task’s samples to every function on their stacks, and native work apart', () => {
    const events = synthetic();
    const [task, ...others] = longTaskScripts(events, profileFromTrace(events)!, locate);
    // The sampler's start (0–60 ms) and the short task are left out.
    expect(others).toEqual([]);
    expect(task.start).toBeCloseTo(0.5, 6);
    expect(task.ownMs).toBeCloseTo(80, 6);
    // 61.5 → 141 ms: the last sample lasts until the task's end, not the next sample.
    expect(task.sampledMs).toBeCloseTo(79.5, 6);
    expect(task.outsideScriptMs).toBeCloseTo(49.5, 6);
    expect(task.functions).toEqual([
      { name: 'onRoll src/games/crit-happens/ui/CritPage.tsx:424', ms: 30 },
      { name: 'performWorkOnRoot react-dom/cjs/react-dom-client.production.js:12069', ms: 20 },
    ]);
  });
});
