/** What quiet.ts reads from each trace: the page's main thread, per second. */
import { mainFrameStarts, ownCpu, pageMainThread, type TraceEvent, threadTasks } from '../lib/trace.ts';

export interface QuietSecond {
  /** The main thread's own CPU per second, ms. */
  cpuMs: number;
  /** Frames the main thread began per second. */
  frames: number;
  /** requestAnimationFrame callbacks per second. */
  animationFrames: number;
}

/** Per second of a trace of `seconds`: the page's main-thread own CPU, frames begun and rAF callbacks. */
export function quietSecond(events: readonly TraceEvent[], seconds: number): QuietSecond | null {
  const thread = pageMainThread(events);
  if (!thread) return null;
  const cpu = threadTasks(events, thread).reduce((sum, task) => sum + ownCpu(task), 0);
  const animationFrames = events.filter(
    (e) => e.name === 'FireAnimationFrame' && e.pid === thread.pid && e.tid === thread.tid,
  ).length;
  return {
    cpuMs: cpu / seconds,
    frames: mainFrameStarts(events, thread).length / seconds,
    animationFrames: animationFrames / seconds,
  };
}
