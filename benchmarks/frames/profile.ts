/**
 * What a game page's main thread does per frame, for finding waste. Not a bench
 * part (it prints, it keeps no figures): for each scene of benchmarks/scenes.ts, at the
 * given CPU throttling,
 *  1. a trace with the timeline and v8.execute categories: self time per frame of each
 *     trace event on the page's main thread, by kind (script, GC, style+layout,
 *     paint+commit, GPU waits, readback) and the top events;
 *     and what the slowest tenth of the frames (which set figure (a)'s p95) spend beyond
 *     the middle ones, and the style and layout that script forced, by its stack;
 *  2. then, separately (the sampler costs main-thread time of its own), V8's sampler at a
 *     100 µs interval inside a trace of the frames part's categories: self time by package
 *     (our code, pixi.js, react-dom, tone…) through the bench build's source maps, the top
 *     functions, and each long task (own work over 50 ms) with the script that ran in it
 *     (inclusive time by function: what a long task's handler or frame callback called).
 *
 *   npx tsx benchmarks/frames/profile.ts [slug…] [--rate 4] [--ms 4000] [--reuse-build] [--save DIR]
 *
 * BENCH_ISOLATE=1 runs the page's main thread on a core of its own, as in the frames part
 * (lib/isolate.ts). BENCH_PORT picks the server's port as
 * for `npm run bench`; --save writes each trace and
 * profile as JSON (open them in Chrome DevTools' Performance panel).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { EncodedSourceMap } from '@jridgewell/trace-mapping';
import type { CDPSession, Page } from 'playwright-core';
import {
  buildLocator,
  forcedLayouts,
  KINDS,
  longTaskScripts,
  profileBreakdown,
  profileFromTrace,
  tailBreakdown,
  traceBreakdown,
} from '../lib/breakdown.ts';
import { isolateMainThread, isolationRequested } from '../lib/isolate.ts';
import {
  loopSteps,
  setCpuThrottling,
  startFrameRecording,
  startTrace,
  stopFrameRecording,
} from '../lib/pagedriver.ts';
import { openScene, presentScenes } from '../lib/pages.ts';
import { ROOT } from '../lib/site.ts';
import { LONG_TASK_MS, TRACE_CATEGORIES } from '../lib/trace.ts';
import { runOnToolSite, toolOption } from './toolSite.ts';

const PROFILE_CATEGORIES = [
  ...TRACE_CATEGORIES,
  'v8.execute',
  'v8',
  'blink',
  'cc',
  'gpu',
  // Style and layout events with the JavaScript stack of those that script forced.
  'devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
];

/** The frames part's categories and V8's sampler at its fine interval (100 µs). */
const SAMPLER_CATEGORIES = [
  ...TRACE_CATEGORIES,
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-v8.cpu_profiler.hires',
];

const ms = (v: number) => v.toFixed(2).padStart(7);

interface TaskTime {
  frames: number;
  /** Main-thread task time per frame, ms (Performance.getMetrics TaskDuration: all tasks, readback included). */
  task: number;
  script: number;
}

/**
 * Main-thread time per frame from Blink's own counters (Performance.getMetrics), which
 * run whether or not a trace is recorded: with and without the frames part's trace, they
 * show what the tracing itself adds to the work a trace measures.
 */
async function taskTime(
  page: Page,
  cdp: CDPSession,
  recordMs: number,
  traced: readonly string[] | null,
): Promise<TaskTime> {
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    return { task: get('TaskDuration'), script: get('ScriptDuration') };
  };
  const trace = traced ? await startTrace(cdp, traced) : null;
  await startFrameRecording(page);
  const before = await read();
  await page.waitForTimeout(recordMs);
  const after = await read();
  const frames = Math.max(1, (await stopFrameRecording(page)).length - 1);
  await trace?.stop();
  return {
    frames,
    task: (after.task - before.task) / frames,
    script: (after.script - before.script) / frames,
  };
}

const rate = Number(toolOption('--rate', '4'));
const recordMs = Number(toolOption('--ms', '4000'));
const saveDir = toolOption('--save', '');
runOnToolSite(['--rate', '--ms', '--save'], recordMs, async ({ ctx, build, server, browser }) => {
  const readMap = (chunk: string): EncodedSourceMap | null => {
    const file = path.join(build.outDir, `${chunk}.map`);
    return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as EncodedSourceMap) : null;
  };
  // One locator for the run: it parses each chunk's source map once.
  const locate = buildLocator(readMap, ROOT);
  for (const scene of presentScenes(ctx, build)) {
    const opened = await openScene(browser, server.origin, scene);
    const { page } = opened;
    const cdp = await page.context().newCDPSession(page);
    // BENCH_ISOLATE=1: the main thread on a core of its own (lib/isolate.ts).
    const isolation = !isolationRequested()
      ? null
      : await isolateMainThread(cdp).catch((error: Error) => {
          console.error(`main thread not isolated: ${error.message}`);
          return null;
        });
    const input = loopSteps(page, scene.loop);
    try {
      await page.waitForTimeout(2000);
      await setCpuThrottling(cdp, rate);
      if (rate > 1) isolation?.raiseThrottler();
      await page.waitForTimeout(500);
      const trace = await startTrace(cdp, PROFILE_CATEGORIES);
      await page.waitForTimeout(recordMs);
      const events = await trace.stop();
      // The sampler inside a trace of few categories: its samples carry the trace's clock,
      // so each long task can be shown with the script that ran in it.
      const sampled = await startTrace(cdp, SAMPLER_CATEGORIES);
      await page.waitForTimeout(recordMs);
      const sampledEvents = await sampled.stop();
      const profile = profileFromTrace(sampledEvents);
      await cdp.send('Performance.enable');
      const plain1 = await taskTime(page, cdp, recordMs, null);
      const traced = await taskTime(page, cdp, recordMs, TRACE_CATEGORIES);
      const plain2 = await taskTime(page, cdp, recordMs, null);
      await setCpuThrottling(cdp, 1);
      if (saveDir) {
        fs.mkdirSync(saveDir, { recursive: true });
        fs.writeFileSync(path.join(saveDir, `${scene.slug}-${rate}x.trace.json`), JSON.stringify(events));
        if (profile)
          fs.writeFileSync(path.join(saveDir, `${scene.slug}-${rate}x.cpuprofile`), JSON.stringify(profile));
      }
      const t = traceBreakdown(events);
      console.log(`\n== ${scene.path} at ${rate}× CPU ==`);
      if (!t) console.log('trace: no frames of the page’s main thread');
      else {
        console.log(
          `trace: ${t.frames} frames, main thread ${t.msPerFrame.toFixed(2)} ms/frame (mean, all counted)`,
        );
        for (const kind of KINDS)
          if (t.byKind[kind] >= 0.005) console.log(`  ${ms(t.byKind[kind])} ms  ${kind}`);
        console.log('  top events (self ms/frame):');
        for (const e of t.events.slice(0, 15)) console.log(`  ${ms(e.msPerFrame)}  ${e.name} [${e.kind}]`);
      }
      const tail = tailBreakdown(events);
      if (tail) {
        console.log(
          `slowest tenth of the frames (own work ≥ ${tail.p90.toFixed(2)} ms, p50 ${tail.p50.toFixed(2)} ms), ` +
            `${tail.slowest.frames} frames, against the middle fifth (${tail.middle.frames}), self ms/frame:`,
        );
        const middle = new Map(tail.middle.events.map((e) => [e.name, e.msPerFrame]));
        const extra = tail.slowest.events
          .map((e) => ({ ...e, middle: middle.get(e.name) ?? 0 }))
          .sort((a, b) => b.msPerFrame - b.middle - (a.msPerFrame - a.middle));
        console.log('     slow   middle');
        for (const e of extra.slice(0, 12))
          console.log(`  ${ms(e.msPerFrame)}  ${ms(e.middle)}  ${e.name} [${e.kind}]`);
      }
      const forced = forcedLayouts(events, locate);
      if (forced.length) {
        console.log('forced style and layout, by the script that asked (count, total ms, longest ms):');
        for (const f of forced.slice(0, 8))
          console.log(`  ${String(f.count).padStart(5)} ${ms(f.totalMs)} ${ms(f.maxMs)}  ${f.where}`);
      }
      const line = (label: string, t: TaskTime) =>
        `  ${label}: ${t.task.toFixed(2)} ms task, ${t.script.toFixed(2)} ms script per frame (${t.frames} frames)`;
      console.log(
        'Blink counters (TaskDuration/ScriptDuration, readback included), untraced / traced / untraced:',
      );
      console.log(line('untraced', plain1));
      console.log(line('traced  ', traced));
      console.log(line('untraced', plain2));
      if (!profile) {
        console.log('profile: the trace carries no samples of the page’s main thread');
        continue;
      }
      const p = profileBreakdown(profile, locate);
      console.log(
        `profile: ${(p.totalMs / 1000).toFixed(2)} s sampled over ${recordMs / 1000} s; self time by group:`,
      );
      for (const [group, v] of p.byGroup)
        if (v / p.totalMs >= 0.002)
          console.log(`  ${ms(v)} ms ${((100 * v) / p.totalMs).toFixed(1).padStart(5)} %  ${group}`);
      console.log('  top functions (self ms):');
      for (const f of p.functions.filter((f) => f.group !== '(idle)').slice(0, 25))
        console.log(`  ${ms(f.ms)}  ${f.name} [${f.group}]`);
      const long = longTaskScripts(sampledEvents, profile, locate);
      console.log(
        `long tasks (own work > ${LONG_TASK_MS} ms) in the same ${recordMs / 1000} s: ${long.length}`,
      );
      for (const task of long.slice(0, 6)) {
        console.log(
          `  at +${(task.start / 1000).toFixed(2)} s: own ${task.ownMs.toFixed(1)} ms; sampled ${task.sampledMs.toFixed(1)} ms, ` +
            `${task.outsideScriptMs.toFixed(1)} ms outside script (style, layout, paint, throttle); script, inclusive:`,
        );
        for (const f of task.functions.slice(0, 12)) console.log(`    ${ms(f.ms)}  ${f.name}`);
      }
    } finally {
      await input.stop().catch(() => {});
      await opened.context.close();
    }
  }
});
