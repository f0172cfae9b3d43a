/**
 * Resolves in a task of its own: what runs after `await yieldToMain()` (a store update, the
 * React render and the style and layout that follow it) no longer lengthens the task that
 * called it, and the browser can handle input and draw in between. At 4× CPU a
 * click or an animation frame that also rendered a game's new state ran past 50 ms.
 *
 * `scheduler.yield()` (Chromium 129+) runs the continuation ahead of other queued tasks;
 * elsewhere a zero-delay timer.
 */
type YieldingScheduler = { yield?: () => Promise<void> };

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
