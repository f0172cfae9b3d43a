import { expect, type Locator, type Page } from '@playwright/test';
import { FIRST_LOAD } from './pageLoad.ts';

/**
 * Opens `path` with Playwright's fake clock installed, waits in real time until `ready`
 * shows, then pauses the clock: from there on the page's time moves only when the test
 * says so (`page.clock.runFor`).
 *
 * - The page first, in real time: a lazy route waits on React's Suspense reveal timer,
 *   which a paused clock would never fire.
 * - The pause lands 10 s ahead: on a busy machine seconds can pass before `pauseAt` runs,
 *   and pausing in the past throws. Call it only where the screen shown has no timers,
 *   so the jump changes nothing.
 */
export async function openOnPausedClock(
  page: Page,
  path: string,
  ready: (page: Page) => Locator,
): Promise<void> {
  await page.clock.install();
  await page.goto(path);
  await expect(ready(page)).toBeVisible(FIRST_LOAD);
  await pauseClockAhead(page);
}

/**
 * Pauses the installed fake clock 10 s ahead of the page's time (see `openOnPausedClock`),
 * for a test that must do something in real time (an axe scan, going offline) before.
 */
export async function pauseClockAhead(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);
}
