/**
 * What a frame's main-thread work is made of, for `frames/profile.ts`:
 * - from a trace: the self time of each trace event on the page's main thread (an event's
 *   duration less its children's), summed by kind (script, style/layout, paint, GPU waits, GC…);
 * - from a CPU profile (CDP Profiler): the self time of each function, charged to the
 *   source module the bench build's source maps name (our code, pixi.js, react-dom, tone…).
 */
import { type EncodedSourceMap, originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import {
  frameTaskStarts,
  LONG_TASK_MS,
  mainFrameStarts,
  ownWork,
  pageMainThread,
  READBACK_EVENT,
  type ThreadRef,
  type TraceEvent,
  threadTasks,
  workPerFrame,
} from './trace.ts';
import { groupOf, moduleName } from './treemap.ts';

/** Kinds of main-thread time, in the order they are printed. */
export const KINDS = [
  'script',
  'gc',
  'style+layout',
  'paint+commit',
  'messages',
  'gpu wait (not readback)',
  'readback',
  'task overhead',
  'other',
] as const;
export type Kind = (typeof KINDS)[number];

const SCRIPT = new Set([
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'EvaluateScript',
  'EventDispatch',
  'v8.callFunction',
  'v8.run',
  'V8.Execute',
  'v8.execute',
  'HandlePostMessage',
  'V8.DeserializeContext',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'V8.StackGuard',
  'XHRReadyStateChange',
  'ParseHTML',
  'AsyncTask Run',
  'BlinkScheduler_PerformMicrotaskCheckpoint',
  'V8.HandleInterrupts',
]);
const STYLE_LAYOUT = new Set([
  'UpdateLayoutTree',
  'RecalculateStyles',
  'Layout',
  'ScheduleStyleRecalculation',
  'InvalidateLayout',
  'HitTest',
  'IntersectionObserverController::computeIntersections',
  'LocalFrameView::RunPostLifecycleSteps',
  'Document::recalcStyle',
  'Document::updateStyle',
  'Document::UpdateStyleAndLayoutTree',
  'LocalFrameView::performLayout',
  'LocalFrameView::UpdateStyleAndLayout',
]);
const PAINT = new Set([
  'Paint',
  'PrePaint',
  'Layerize',
  'Commit',
  'UpdateLayer',
  'PaintImage',
  'Decode Image',
  'ImageDecodeTask',
  'CompositeLayers',
  'UpdateLayerTree',
  'ProxyMain::BeginMainFrame::commit',
  'ProxyMain::BeginMainFrame',
  'PaintArtifactCompositor::Update',
  'LayerTreeHost::DoUpdateLayers',
  'LocalFrameView::RunPaintLifecyclePhase',
  'LocalFrameView::UpdateLifecyclePhases',
  'WebFrameWidgetImpl::UpdateLifecycle',
  'PageAnimator::serviceScriptedAnimations',
  'AnimationTimeline::serviceAnimations',
  'LocalFrameView::ScheduleAnimation',
]);
/** Tasks' own bookkeeping around the work they run. */
const TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);

/** The kind of main-thread time an event's self time is. */
export function kindOf(name: string): Kind {
  if (name === READBACK_EVENT) return 'readback';
  if (SCRIPT.has(name)) return 'script';
  if (/GC|Sweep|Scavenge|Mark/.test(name)) return 'gc';
  if (STYLE_LAYOUT.has(name)) return 'style+layout';
  if (PAINT.has(name) || /^Blink\..*\.UpdateTime$/.test(name)) return 'paint+commit';
  // Structured clone of worker messages, and IPC (CDP commands of the benchmark's own input arrive so too).
  if (name.startsWith('SerializedScriptValueFactory::') || name === 'Receive mojo message') return 'messages';
  if (TASK.has(name)) return 'task overhead';
  if (/^(GLES2::|CommandBufferProxyImpl::|GpuChannelHost::|CommandBufferHelper::)/.test(name))
    return 'gpu wait (not readback)';
  return 'other';
}

export interface EventTime {
  name: string;
  kind: Kind;
  /** Self wall time per frame, ms (mean over the frames). */
  msPerFrame: number;
}

export interface TraceBreakdown {
  frames: number;
  /** Main-thread wall time per frame, ms (mean), everything counted. */
  msPerFrame: number;
  byKind: Record<Kind, number>;
  /** The events with the most self time, largest first. */
  events: EventTime[];
}

/**
 * Self time of every complete event on the page's main thread over its whole frames
 * (from the task that began the first frame to the one that began the last), per frame.
 */
export function traceBreakdown(events: readonly TraceEvent[]): TraceBreakdown | null {
  const thread = pageMainThread(events);
  if (!thread) return null;
  const tasks = threadTasks(events, thread);
  const starts = frameTaskStarts(tasks, mainFrameStarts(events, thread));
  if (starts.length < 2) return null;
  return breakdownOf(
    threadSpans(events, thread),
    [{ from: starts[0], to: starts[starts.length - 1] }],
    starts.length - 1,
  );
}

export interface TailBreakdown {
  /** Own work per frame (as the frames part's figure (a)) at the 50th and 90th percentiles, ms. */
  p50: number;
  p90: number;
  /** Self time per frame in the slowest tenth of the frames (own work ≥ p90)… */
  slowest: TraceBreakdown;
  /** …and in the middle fifth (p40–p60), to set beside it. */
  middle: TraceBreakdown;
}

/**
 * What the slowest frames have that the middle ones do not: the p95 of figure (a) is set by
 * its slowest frames, and their extra work is often one kind of event (input, a React
 * render, a layout) that the mean over all frames hides.
 */
export function tailBreakdown(events: readonly TraceEvent[]): TailBreakdown | null {
  const thread = pageMainThread(events);
  if (!thread) return null;
  const tasks = threadTasks(events, thread);
  const starts = frameTaskStarts(tasks, mainFrameStarts(events, thread));
  const work = workPerFrame(tasks, starts);
  if (work.length < 10) return null;
  const sorted = [...work].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const p90 = at(0.9);
  const [p40, p60] = [at(0.4), at(0.6)];
  // A frame's window runs to the end of the last task that starts in it (nested events included).
  const windows = work.map((_, i) => {
    let to = starts[i + 1];
    for (const t of tasks) if (t.start >= starts[i] && t.start < starts[i + 1]) to = Math.max(to, t.end);
    return { from: starts[i], to };
  });
  const spans = threadSpans(events, thread);
  const pick = (keep: (w: number) => boolean) => {
    const chosen = windows.filter((_, i) => keep(work[i]));
    return breakdownOf(spans, chosen, chosen.length);
  };
  return {
    p50: at(0.5),
    p90,
    slowest: pick((w) => w >= p90),
    middle: pick((w) => w >= p40 && w <= p60),
  };
}

function threadSpans(events: readonly TraceEvent[], thread: ThreadRef): TraceEvent[] {
  return events
    .filter((e) => e.ph === 'X' && e.pid === thread.pid && e.tid === thread.tid && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
}

/** Self time per event name of the spans that begin in the windows (ms, trace clock), per frame. */
function breakdownOf(
  spans: readonly TraceEvent[],
  windows: readonly { from: number; to: number }[],
  frames: number,
) {
  const inWindow = (ts: number) => windows.some((w) => ts >= w.from * 1000 && ts < w.to * 1000);
  // Self time: each event's duration less the time of the events directly nested in it.
  // Everything nested in the readback (the command-buffer waits it makes) is the readback: keyed under its name.
  const self = new Map<string, number>();
  const stack: { end: number; key: string }[] = [];
  for (const e of spans) {
    if (!inWindow(e.ts)) continue;
    const end = e.ts + (e.dur ?? 0);
    while (stack.length && stack[stack.length - 1].end <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    const key = parent?.key === READBACK_EVENT ? READBACK_EVENT : e.name;
    const dur = e.dur ?? 0;
    self.set(key, (self.get(key) ?? 0) + dur);
    if (parent) self.set(parent.key, (self.get(parent.key) ?? 0) - Math.min(dur, parent.end - e.ts));
    stack.push({ end, key });
  }
  const byKind = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  const list: EventTime[] = [];
  let total = 0;
  for (const [name, us] of self) {
    const ms = us / 1000 / Math.max(1, frames);
    const kind = kindOf(name);
    byKind[kind] += ms;
    total += ms;
    list.push({ name, kind, msPerFrame: ms });
  }
  list.sort((a, b) => b.msPerFrame - a.msPerFrame);
  return { frames, msPerFrame: total, byKind, events: list };
}

/** Style or layout that script forced (read layout after changing the DOM), by the script that did. */
export interface ForcedLayout {
  /** The script's frames, innermost first, as the build's source maps name them. */
  where: string;
  count: number;
  totalMs: number;
  maxMs: number;
}

interface StackFrame {
  functionName: string;
  url: string;
  /** 1-based in trace events. */
  lineNumber: number;
  columnNumber: number;
}

/**
 * Forced style and layout on the page's main thread: the `UpdateLayoutTree` and `Layout`
 * events that carry the JavaScript stack that asked for them (traced with the
 * `disabled-by-default-devtools.timeline.stack` category), summed by that stack's top frames.
 */
export function forcedLayouts(
  events: readonly TraceEvent[],
  locate: SourceLocator,
  depth = 3,
): ForcedLayout[] {
  const thread = pageMainThread(events);
  if (!thread) return [];
  const byWhere = new Map<string, ForcedLayout>();
  for (const e of events) {
    if (e.ph !== 'X' || e.pid !== thread.pid || e.tid !== thread.tid) continue;
    if (e.name !== 'Layout' && e.name !== 'UpdateLayoutTree') continue;
    const args = e.args as
      | { beginData?: { stackTrace?: StackFrame[] }; stackTrace?: StackFrame[] }
      | undefined;
    const stack = args?.beginData?.stackTrace ?? args?.stackTrace;
    if (!stack?.length) continue;
    const where = stack
      .slice(0, depth)
      .map((f) => {
        const at = locate(f.url, f.lineNumber - 1, Math.max(0, f.columnNumber - 1));
        return at
          ? `${at.name || f.functionName || '(anonymous)'} ${at.module}:${at.line}`
          : f.functionName || '(anonymous)';
      })
      .join(' < ');
    const ms = (e.dur ?? 0) / 1000;
    const entry = byWhere.get(where) ?? { where, count: 0, totalMs: 0, maxMs: 0 };
    entry.count++;
    entry.totalMs += ms;
    entry.maxMs = Math.max(entry.maxMs, ms);
    byWhere.set(where, entry);
  }
  return [...byWhere.values()].sort((a, b) => b.totalMs - a.totalMs);
}

/** A CPU profile as CDP's Profiler.stop returns it. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface FunctionTime {
  /** "name (module)" */
  name: string;
  /** npm package, "(ours)", or V8's own nodes: "(garbage collector)", "(program)", "(idle)". */
  group: string;
  ms: number;
}

/** Where a generated position came from: the source module (and the original name there), or null when the chunk has no map. */
export type SourceLocator = (
  url: string,
  line: number,
  column: number,
) => { module: string; line: number; name: string | null } | null;

/** A locator over the bench build's hidden source maps (`<chunk>.js.map` beside each chunk). */
export function buildLocator(
  readMap: (chunkPath: string) => EncodedSourceMap | null,
  root: string,
): SourceLocator {
  const maps = new Map<string, TraceMap | null>();
  return (url, line, column) => {
    const chunk = new URL(url, 'http://x/').pathname;
    if (!maps.has(chunk)) {
      const map = readMap(chunk);
      maps.set(chunk, map ? new TraceMap(map) : null);
    }
    const map = maps.get(chunk);
    if (!map) return null;
    // CDP lines and columns are 0-based; trace-mapping's lines are 1-based.
    const at = originalPositionFor(map, { line: line + 1, column });
    return at.source ? { module: moduleName(at.source, root), line: at.line ?? 0, name: at.name } : null;
  };
}

/**
 * A profile node's function as the breakdowns print it, and its group (npm package, "(ours)",
 * "(unmapped)", or V8's pseudo-node such as "(program)"). Minified names say little: the
 * function's line in its source module says where it is.
 */
function nameFrame(
  frame: CpuProfile['nodes'][number]['callFrame'],
  locate: SourceLocator,
): { name: string; group: string } {
  if (!frame.url)
    return {
      name: frame.functionName || '(anonymous)',
      group: frame.functionName.startsWith('(') ? frame.functionName : '(native)',
    };
  const at = locate(frame.url, frame.lineNumber, frame.columnNumber);
  return at
    ? {
        name: `${at.name ?? (frame.functionName || '(anonymous)')} ${at.module}:${at.line}`,
        group: groupOf(at.module),
      }
    : { name: `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}`, group: '(unmapped)' };
}

/**
 * Self time of each function and of each group over a profile: sample i lasts until
 * sample i + 1 (timeDeltas[i + 1]). V8's pseudo-nodes keep their own names as groups.
 */
export function profileBreakdown(
  profile: CpuProfile,
  locate: SourceLocator,
): { totalMs: number; byGroup: Map<string, number>; functions: FunctionTime[] } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const selfUs = new Map<number, number>();
  for (let i = 0; i + 1 < samples.length; i++)
    selfUs.set(samples[i], (selfUs.get(samples[i]) ?? 0) + Math.max(0, deltas[i + 1]));
  const functions = new Map<string, FunctionTime>();
  const byGroup = new Map<string, number>();
  let totalMs = 0;
  for (const [id, us] of selfUs) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) continue;
    const ms = us / 1000;
    const { name, group } = nameFrame(frame, locate);
    const entry = functions.get(name) ?? { name, group, ms: 0 };
    entry.ms += ms;
    functions.set(name, entry);
    byGroup.set(group, (byGroup.get(group) ?? 0) + ms);
    totalMs += ms;
  }
  return {
    totalMs,
    byGroup: new Map([...byGroup].sort((a, b) => b[1] - a[1])),
    functions: [...functions.values()].sort((a, b) => b.ms - a.ms),
  };
}

/** A CPU profile the trace carries ('disabled-by-default-v8.cpu_profiler'), with each sample's trace time. */
export interface TracedProfile extends CpuProfile {
  /** Trace time of each sample, ms (the clock of the trace's events). */
  sampleTimes: number[];
}

/** One ProfileChunk's share of a profile, as V8 writes it into a trace. */
interface ProfileChunkData {
  cpuProfile?: {
    nodes?: { id: number; parent?: number; callFrame: CpuProfile['nodes'][number]['callFrame'] }[];
    samples?: number[];
  };
  timeDeltas?: number[];
}

/**
 * The page main thread's CPU profile out of a trace recorded with the V8 sampler's
 * category: its `Profile` event (start time, µs on the trace clock) and the
 * `ProfileChunk`s of the same id, each adding nodes and samples (times as deltas).
 */
export function profileFromTrace(events: readonly TraceEvent[]): TracedProfile | null {
  const thread = pageMainThread(events);
  if (!thread) return null;
  const start = events.find((e) => e.name === 'Profile' && e.pid === thread.pid && e.tid === thread.tid) as
    | (TraceEvent & { id?: string })
    | undefined;
  if (!start) return null;
  const nodes = new Map<number, CpuProfile['nodes'][number] & { parent?: number }>();
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  const sampleTimes: number[] = [];
  const startTime = Number((start.args?.data as { startTime?: number } | undefined)?.startTime ?? start.ts);
  let clock = startTime;
  const chunks = events
    .filter(
      (e) => e.name === 'ProfileChunk' && e.pid === thread.pid && (e as { id?: string }).id === start.id,
    )
    .sort((a, b) => a.ts - b.ts);
  for (const chunk of chunks) {
    const data = chunk.args?.data as ProfileChunkData | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) {
      const frame = node.callFrame;
      nodes.set(node.id, {
        id: node.id,
        parent: node.parent,
        callFrame: {
          functionName: frame.functionName ?? '',
          url: frame.url ?? '',
          lineNumber: frame.lineNumber ?? 0,
          columnNumber: frame.columnNumber ?? 0,
        },
      });
    }
    const chunkSamples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    chunkSamples.forEach((sample, i) => {
      const delta = deltas[i] ?? 0;
      clock += delta;
      samples.push(sample);
      timeDeltas.push(delta);
      sampleTimes.push(clock / 1000);
    });
  }
  if (!samples.length) return null;
  return {
    nodes: [...nodes.values()],
    startTime,
    endTime: clock,
    samples,
    timeDeltas,
    sampleTimes,
  };
}

export interface LongTaskScript {
  /** When the task began, ms after the sampler started. */
  start: number;
  /** The task's own work (less readback, commit wait and driver), ms. */
  ownMs: number;
  /** Sampled time inside the task, ms. */
  sampledMs: number;
  /** Of which in no script: style, layout, paint, commit (and the CPU throttle's pauses), ms. */
  outsideScriptMs: number;
  /** Inclusive sampled time of each function (once per stack, recursion or not), longest first. */
  functions: { name: string; ms: number }[];
}

/** V8's pseudo-frames: '(program)' is native work outside script, '(idle)' nothing. */
const OUTSIDE_SCRIPT = new Set(['(program)', '(idle)', '(root)']);

/**
 * What script ran inside each long task: the task's samples (from a profile the same trace
 * carries), with each function charged the time of every sample it is on the stack of
 * (inclusive time), so an event handler shows with what it called. Functions are named
 * through the build's source maps as in profileBreakdown (nameFrame).
 */
export function longTaskScripts(
  events: readonly TraceEvent[],
  profile: TracedProfile,
  locate: SourceLocator,
  minOwnMs = LONG_TASK_MS,
): LongTaskScript[] {
  const thread = pageMainThread(events);
  if (!thread) return [];
  const nodes = new Map(
    profile.nodes.map((n) => [n.id, n as CpuProfile['nodes'][number] & { parent?: number }]),
  );
  const names = new Map<number, string>();
  const nameOf = (id: number): string => {
    let name = names.get(id);
    if (name !== undefined) return name;
    const frame = nodes.get(id)?.callFrame;
    name = frame ? nameFrame(frame, locate).name : '(unknown)';
    names.set(id, name);
    return name;
  };
  const times = profile.sampleTimes;
  const begin = profile.startTime / 1000;
  const samples = profile.samples ?? [];
  const result: LongTaskScript[] = [];
  let k = 0;
  for (const task of threadTasks(events, thread)) {
    // A task begun before the sampler started holds the sampler's own start (V8 logs every
    // function compiled so far, hundreds of ms at 4×): not the page's.
    if (ownWork(task) <= minOwnMs || task.start < begin) continue;
    while (k < times.length && times[k] < task.start) k++;
    const inclusive = new Map<string, number>();
    let sampled = 0;
    let outside = 0;
    for (let i = k; i < times.length && times[i] < task.end; i++) {
      // A sample lasts until the next one (or the task's end).
      const ms = Math.min(times[i + 1] ?? task.end, task.end) - times[i];
      sampled += ms;
      const leaf = nameOf(samples[i]);
      if (OUTSIDE_SCRIPT.has(leaf)) {
        outside += ms;
        continue;
      }
      const seen = new Set<string>();
      for (let id: number | undefined = samples[i]; id !== undefined; id = nodes.get(id)?.parent) {
        const name = nameOf(id);
        if (OUTSIDE_SCRIPT.has(name) || seen.has(name)) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
      }
    }
    result.push({
      start: task.start - begin,
      ownMs: ownWork(task),
      sampledMs: sampled,
      outsideScriptMs: outside,
      functions: [...inclusive].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms),
    });
  }
  return result;
}
