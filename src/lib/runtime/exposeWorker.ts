import * as Comlink from 'comlink';
import type { SteppableClock } from './clock.ts';

/** The page's order to crash (`WorkerBridge.crashForTest`), honoured in e2e builds only. */
export const TEST_CRASH_MESSAGE = 'futile:crash-for-test';

/**
 * The page's orders for a physics worker's clock (`WorkerBridge.takeOverClockForTest`,
 * `advanceClockForTest`), honoured in e2e builds only; the answer goes back on `reply`.
 */
export const TEST_CLOCK_MESSAGE = 'futile:clock-for-test';
export interface TestClockOrder {
  type: typeof TEST_CLOCK_MESSAGE;
  /** Take the clock over (time stands still), or move it on by `ms`. */
  advanceMs: number | null;
  reply: MessagePort;
}

/** Builds made for the end-to-end tests (`vite build --mode e2e`) honour the test crash order. */
export const testBuild = (import.meta as ImportMeta & { env?: { MODE?: string } }).env?.MODE === 'e2e';

/**
 * A worker entry's one call: serves `api` to the page over Comlink. In e2e builds the page
 * can order a crash (an uncaught error thrown from a timer, as a bug in a step would), so the
 * tests see the page's message and its Restart, and step `clock` (a physics worker's) by hand.
 */
export function exposeWorker(api: object, clock?: SteppableClock): void {
  Comlink.expose(api);
  if (testBuild) self.addEventListener('message', (event: MessageEvent) => obeyTestOrder(event.data, clock));
}

/** Carries out a test's order (crash, or step the clock), if `message` is one. */
export function obeyTestOrder(message: unknown, clock?: SteppableClock): void {
  if (message === TEST_CRASH_MESSAGE) {
    setTimeout(() => {
      throw new Error('crashed on purpose by a test');
    });
    return;
  }
  const order = message as Partial<TestClockOrder> | null;
  if (order?.type !== TEST_CLOCK_MESSAGE || !order.reply) return;
  if (!clock) {
    order.reply.postMessage('this worker has no clock to step');
    return;
  }
  clock.takeOver();
  if (order.advanceMs) clock.advance(order.advanceMs);
  order.reply.postMessage(null);
}
