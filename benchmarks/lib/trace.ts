/**
 * Main-thread work per frame from a Chromium trace (CDP Tracing, JSON events): what the
 * page's renderer main thread does in each frame, without the WebGL readback that only
 * software compositing pays.
 *
 * Headless Chromium here composites in software (--disable-gpu-compositing): to show a
 * WebGL canvas it reads the canvas back from the GPU process at every commit
 * (`GLES2::ReadPixels` inside the main thread's `Commit`), and that read waits until the
 * GPU process (SwiftShader, on the CPU) has drawn everything the page submitted. A device
 * that composites on its GPU hands the canvas over without reading it back, so this wait
 * is not work a player's main thread does. It is measured and reported beside the work.
 *
 * The same holds for the commit's wait (`ProxyMain::BeginMainFrame::commit`): the main
 * thread blocks there until the compositor thread takes the frame, and here that thread
 * and the GPU process draw each frame in software (`MainFrame.Draw`, Viz's SkiaRenderer)
 * before they can. It is measured and reported beside the work too; the commit's own steps
 * on the main thread (layer updates, the hand-over) stay in the work.
 *
 * The benchmark's driver (Playwright) works in the page too: its CDP commands (locating an
 * element, checking a click's target, collecting frame times) arrive as
 * `blink.mojom.DevToolsSession` messages and run on the main thread. A player's page has no
 * such commands; their time is measured and reported beside the work, except the style and
 * layout they force, which the page's next frame would have done anyway (it stays in).
 */

/** One trace event as Chromium writes it (times in µs). */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, µs: what the thread ran, not what it waited. */
  tdur?: number;
  args?: Record<string, unknown>;
}

/** The trace categories these functions need (ask for few: tracing itself costs main-thread time). */
export const TRACE_CATEGORIES = [
  '__metadata',
  'toplevel',
  'gpu',
  // For the commit's wait (its event is in "cc,benchmark"; all of "cc" would cost far more).
  'benchmark',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  // Marks the benchmark sets in a render worker at each of its frames (lib/drawing.ts); only marks are logged.
  'blink.user_timing',
];

/** Top-level task of a thread's message loop (newer Chromium nests the second inside the first). */
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
/** The software-compositing readback of a WebGL canvas (it includes the wait for the GPU process). */
export const READBACK_EVENT = 'GLES2::ReadPixels';
/** The IPC message a CDP command (the benchmark driver's) arrives in, and its interface. */
const MOJO_EVENT = 'Receive mojo message';
export const DRIVER_INTERFACE = 'blink.mojom.DevToolsSession';
/** Work a driver command forces that the page's own frame would otherwise do: kept in the page's work. */
const FORCED_LIFECYCLE = new Set(['UpdateLayoutTree', 'Layout']);
/** The main thread blocked until the compositor thread has taken the frame's commit. */
export const COMMIT_WAIT_EVENT = 'ProxyMain::BeginMainFrame::commit';
/** A task longer than this blocks input noticeably (the Long Tasks API's threshold). */
export const LONG_TASK_MS = 50;

export interface ThreadRef {
  pid: number;
  tid: number;
}

/**
 * The renderer main thread of the page's main frame: its process from
 * `TracingStartedInBrowser` (the outermost main frame), its thread by name.
 */
export function pageMainThread(events: readonly TraceEvent[]): ThreadRef | null {
  let pid: number | null = null;
  for (const e of events) {
    if (e.name !== 'TracingStartedInBrowser') continue;
    const frames = (
      e.args?.data as { frames?: { processId?: number; isOutermostMainFrame?: boolean; parent?: string }[] }
    )?.frames;
    const main = frames?.find((f) => f.isOutermostMainFrame ?? !f.parent);
    if (main?.processId !== undefined) pid = main.processId;
  }
  if (pid === null) return null;
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain')
      return { pid, tid: e.tid };
  }
  // Thread names are metadata a trace may lack: the main thread is the one that begins frames.
  const framer = events.find((e) => e.pid === pid && e.name === 'BeginMainThreadFrame');
  return framer ? { pid, tid: framer.tid } : null;
}

export interface Task {
  /** ms, trace clock. */
  start: number;
  end: number;
  /** Wall time of the task, ms. */
  duration: number;
  /** Of which waiting on the WebGL readback, ms. */
  readback: number;
  /** CPU time of the thread in the task, ms (wall time less the time it waited for a core or for I/O). */
  cpu: number;
  /** Of which in the readback, ms. */
  readbackCpu: number;
  /** Of which blocked in the commit's wait for the compositor thread, ms. */
  commitWait: number;
  /** CPU time in that wait, ms (the CPU throttler's own spinning, mostly). */
  commitWaitCpu: number;
  /** Of which running the benchmark driver's CDP commands (less the style and layout they force), ms. */
  driver: number;
  /** CPU time of those, ms. */
  driverCpu: number;
}

/** Own work of a task: its wall time less the readback and commit waits and the driver's commands inside it. */
export const ownWork = (task: Task) => task.duration - task.readback - task.commitWait - task.driver;
/** Own CPU time of a task, less the readback's, the commit wait's and the driver's. */
export const ownCpu = (task: Task) => task.cpu - task.readbackCpu - task.commitWaitCpu - task.driverCpu;

const onThread = (e: TraceEvent, thread: ThreadRef) => e.pid === thread.pid && e.tid === thread.tid;

/** The thread's outermost tasks in time order, each with the readback and commit-wait time nested in it. */
export function threadTasks(events: readonly TraceEvent[], thread: ThreadRef): Task[] {
  const candidates = events
    .filter((e) => e.ph === 'X' && TASK_NAMES.has(e.name) && onThread(e, thread) && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks: Task[] = [];
  let lastEnd = Number.NEGATIVE_INFINITY;
  for (const e of candidates) {
    if (e.ts < lastEnd) continue; // nested in the previous outermost task
    const start = e.ts / 1000;
    const duration = (e.dur ?? 0) / 1000;
    tasks.push({
      start,
      end: start + duration,
      duration,
      readback: 0,
      cpu: (e.tdur ?? 0) / 1000,
      readbackCpu: 0,
      commitWait: 0,
      commitWaitCpu: 0,
      driver: 0,
      driverCpu: 0,
    });
    lastEnd = e.ts + (e.dur ?? 0);
  }
  const charge = (
    name: string,
    add: (task: Task, wall: number, cpu: number) => void,
    keep: (e: TraceEvent) => boolean = () => true,
  ) => {
    const waits = events
      .filter((e) => e.ph === 'X' && e.name === name && onThread(e, thread) && e.dur !== undefined && keep(e))
      .sort((a, b) => a.ts - b.ts);
    let k = 0;
    for (const r of waits) {
      const at = r.ts / 1000;
      while (k < tasks.length && tasks[k].end < at) k++;
      const task = tasks[k];
      if (task && task.start <= at)
        add(task, Math.min((r.dur ?? 0) / 1000, task.end - at), Math.min((r.tdur ?? 0) / 1000, task.cpu));
    }
  };
  charge(READBACK_EVENT, (task, wall, cpu) => {
    task.readback += wall;
    task.readbackCpu += cpu;
  });
  // The readback happens in the layer update, before the commit's wait: the two never nest.
  charge(COMMIT_WAIT_EVENT, (task, wall, cpu) => {
    task.commitWait += wall;
    task.commitWaitCpu += Math.min(cpu, task.cpu - task.readbackCpu);
  });
  const isDriver = (e: TraceEvent) =>
    (e.args?.chrome_mojo_event_info as { mojo_interface_tag?: string } | undefined)?.mojo_interface_tag ===
    DRIVER_INTERFACE;
  charge(
    MOJO_EVENT,
    (task, wall, cpu) => {
      task.driver += wall;
      task.driverCpu += Math.min(cpu, task.cpu - task.readbackCpu - task.commitWaitCpu);
    },
    isDriver,
  );
  // Give back the style and layout the driver's commands forced (they are the page's).
  const driverSpans = events.filter(
    (e) => e.ph === 'X' && e.name === MOJO_EVENT && onThread(e, thread) && isDriver(e),
  );
  if (driverSpans.length) {
    for (const f of events) {
      if (f.ph !== 'X' || !FORCED_LIFECYCLE.has(f.name) || !onThread(f, thread)) continue;
      if (!driverSpans.some((d) => d.ts <= f.ts && f.ts < d.ts + (d.dur ?? 0))) continue;
      const task = tasks.find((t) => t.start <= f.ts / 1000 && f.ts / 1000 < t.end);
      if (!task) continue;
      task.driver = Math.max(0, task.driver - (f.dur ?? 0) / 1000);
      task.driverCpu = Math.max(0, task.driverCpu - (f.tdur ?? 0) / 1000);
    }
  }
  return tasks;
}

/** Where the main thread began each frame (`BeginMainThreadFrame`), ms, ascending. */
export function mainFrameStarts(events: readonly TraceEvent[], thread: ThreadRef): number[] {
  return events
    .filter((e) => e.name === 'BeginMainThreadFrame' && onThread(e, thread))
    .map((e) => e.ts / 1000)
    .sort((a, b) => a - b);
}

/**
 * Where each frame's work begins: the start of the task in which the frame began (its
 * `BeginMainThreadFrame` falls a little after the start of the task that runs it).
 */
export function frameTaskStarts(tasks: readonly Task[], frameStarts: readonly number[]): number[] {
  let k = 0;
  return frameStarts.map((at) => {
    while (k < tasks.length && tasks[k].end < at) k++;
    return k < tasks.length && tasks[k].start <= at ? tasks[k].start : at;
  });
}

/**
 * Own main-thread work in each frame: the tasks that start in [frame i, frame i + 1),
 * less their readback, summed. Only whole frames count (between two frame starts).
 */
export function workPerFrame(
  tasks: readonly Task[],
  frameStarts: readonly number[],
  measure: (task: Task) => number = ownWork,
): number[] {
  const work: number[] = [];
  let k = 0;
  for (let i = 0; i + 1 < frameStarts.length; i++) {
    const from = frameStarts[i];
    const to = frameStarts[i + 1];
    while (k < tasks.length && tasks[k].start < from) k++;
    let sum = 0;
    for (let j = k; j < tasks.length && tasks[j].start < to; j++) sum += measure(tasks[j]);
    work.push(sum);
  }
  return work;
}

export interface MainThreadSummary {
  /** Own work (ms, wall time) of each whole frame in the trace. */
  workPerFrame: number[];
  /** Own CPU time (ms, thread time) of each whole frame: unlike wall time, not lengthened by other processes taking the cores. */
  cpuPerFrame: number[];
  /** Tasks whose own work is over LONG_TASK_MS. */
  longTasks: number;
  /** Tasks over LONG_TASK_MS counting the readback, the commit waits and the driver's commands in them (what the Long Tasks API would see here). */
  longTasksWithReadback: number;
  /** Wall time of all tasks, ms. */
  busyMs: number;
  /** Of which the readback wait, ms. */
  readbackMs: number;
  /** readbackMs / busyMs (0 when idle). */
  readbackShare: number;
  /** Of busyMs, the commit's wait for the compositor thread, ms. */
  commitWaitMs: number;
  /** commitWaitMs / busyMs (0 when idle). */
  commitWaitShare: number;
  /** The commit's wait in each whole frame, ms (wall time), beside workPerFrame. */
  commitWaitPerFrame: number[];
  /** Of busyMs, the benchmark driver's CDP commands, ms. */
  driverMs: number;
  /** The driver's commands in each whole frame, ms (wall time), beside workPerFrame. */
  driverPerFrame: number[];
}

/** Everything the frames part reports from one trace of a page; null when the page's main thread is not in it. */
export function summarizeMainThread(events: readonly TraceEvent[]): MainThreadSummary | null {
  const thread = pageMainThread(events);
  if (!thread) return null;
  const tasks = threadTasks(events, thread);
  let busyMs = 0;
  let readbackMs = 0;
  let commitWaitMs = 0;
  let driverMs = 0;
  let longTasks = 0;
  let longTasksWithReadback = 0;
  for (const task of tasks) {
    busyMs += task.duration;
    readbackMs += task.readback;
    commitWaitMs += task.commitWait;
    driverMs += task.driver;
    if (ownWork(task) > LONG_TASK_MS) longTasks++;
    if (task.duration > LONG_TASK_MS) longTasksWithReadback++;
  }
  const frames = frameTaskStarts(tasks, mainFrameStarts(events, thread));
  return {
    workPerFrame: workPerFrame(tasks, frames),
    cpuPerFrame: workPerFrame(tasks, frames, ownCpu),
    longTasks,
    longTasksWithReadback,
    busyMs,
    readbackMs,
    readbackShare: busyMs > 0 ? readbackMs / busyMs : 0,
    commitWaitMs,
    commitWaitShare: busyMs > 0 ? commitWaitMs / busyMs : 0,
    commitWaitPerFrame: workPerFrame(tasks, frames, (task) => task.commitWait),
    driverMs,
    driverPerFrame: workPerFrame(tasks, frames, (task) => task.driver),
  };
}

/**
 * A dedicated worker's thread, by its script's URL: Chromium names every worker thread
 * "DedicatedWorker thread", and says which script each runs in `TracingSessionIdForWorker`.
 */
export function workerThreadByUrl(events: readonly TraceEvent[], url: RegExp): ThreadRef | null {
  for (const e of events) {
    if (e.name !== 'TracingSessionIdForWorker') continue;
    const data = e.args?.data as { url?: string; workerThreadId?: number } | undefined;
    if (data?.url !== undefined && data.workerThreadId !== undefined && url.test(data.url))
      return { pid: e.pid, tid: data.workerThreadId };
  }
  return null;
}

/** Where a thread set a user-timing mark of this name (performance.mark), ms, ascending. */
export function markTimes(events: readonly TraceEvent[], thread: ThreadRef, name: string): number[] {
  return events
    .filter((e) => e.name === name && onThread(e, thread) && (e.cat ?? '').includes('user_timing'))
    .map((e) => e.ts / 1000)
    .sort((a, b) => a - b);
}

export interface WorkerThreadSummary {
  /** Own work (ms, wall time, less the readback) of each whole frame between two marks. */
  workPerFrame: number[];
  /** Own CPU time (ms, thread time, less the readback's) of each whole frame. */
  cpuPerFrame: number[];
  /** Wall time of all the thread's tasks, ms. */
  busyMs: number;
  /** Of which the readback wait, ms. */
  readbackMs: number;
  /** readbackMs / busyMs (0 when idle). */
  readbackShare: number;
  /** Tasks whose own work is over LONG_TASK_MS. */
  longTasks: number;
}

/**
 * A worker thread's work per frame, where the frames are the animation frames in which it
 * set `frameMark`: each frame runs from the task holding one mark to the task holding the
 * next (the task that fires the worker's animation frame holds the mark), as a main-thread
 * frame runs from one `BeginMainThreadFrame` task to the next. Null without the thread or
 * fewer than two marks.
 */
export function summarizeWorkerThread(
  events: readonly TraceEvent[],
  thread: ThreadRef,
  frameMark: string,
): WorkerThreadSummary | null {
  const marks = markTimes(events, thread, frameMark);
  if (marks.length < 2) return null;
  const tasks = threadTasks(events, thread);
  const frames = frameTaskStarts(tasks, marks);
  let busyMs = 0;
  let readbackMs = 0;
  let longTasks = 0;
  for (const task of tasks) {
    busyMs += task.duration;
    readbackMs += task.readback;
    if (ownWork(task) > LONG_TASK_MS) longTasks++;
  }
  return {
    workPerFrame: workPerFrame(tasks, frames),
    cpuPerFrame: workPerFrame(tasks, frames, ownCpu),
    busyMs,
    readbackMs,
    readbackShare: busyMs > 0 ? readbackMs / busyMs : 0,
    longTasks,
  };
}
