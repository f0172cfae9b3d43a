import * as Comlink from 'comlink';

/** The page's order to crash (`WorkerBridge.crashForTest`), honoured in e2e builds only. */
export const TEST_CRASH_MESSAGE = 'futile:crash-for-test';

/** Builds made for the end-to-end tests (`vite build --mode e2e`) honour the test crash order. */
const testBuild = (import.meta as ImportMeta & { env?: { MODE?: string } }).env?.MODE === 'e2e';

/**
 * A worker entry's one call: serves `api` to the page over Comlink. In e2e builds the page
 * can order a crash (an uncaught error thrown from a timer, as a bug in a step would), so the
 * tests see the page's message and its Restart.
 */
export function exposeWorker(api: object): void {
  Comlink.expose(api);
  if (!testBuild) return;
  self.addEventListener('message', (event: MessageEvent) => {
    if (event.data !== TEST_CRASH_MESSAGE) return;
    setTimeout(() => {
      throw new Error('crashed on purpose by a test');
    });
  });
}
