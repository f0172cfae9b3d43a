import type { Page } from '@playwright/test';
import type { PilotView } from '../../src/games/lunar-lander/engine/autopilot.ts';
import { TICK_HZ } from '../../src/games/lunar-lander/engine/constants.ts';
import { HUD_EVERY_TICKS } from '../../src/games/lunar-lander/host/LanderHost.ts';

/** What the autopilot sees, read from the Flight data region's data attributes. */
export async function readPilotView(page: Page): Promise<PilotView> {
  const attrs = await page
    .getByRole('region', { name: 'Flight data' })
    .evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  return {
    dx: Number(attrs.dx),
    height: Number(attrs.height),
    vx: Number(attrs.vx),
    vy: Number(attrs.vy),
    halfWidth: Number(attrs.halfWidth),
  };
}

/** The flight's physics worker, as the page's bridge names it (`window.futileWorkers`). */
const FLIGHT = 'The flight';

type ClockBridge = { takeOverClockForTest(): Promise<void>; advanceClockForTest(ms: number): Promise<void> };

/**
 * Takes the flight's clock over (e2e builds): from here on the lander moves only when
 * `stepFlight` says so. Playwright's fake clock does not reach the engine's worker, and a
 * pilot flying in real time on a busy machine flies on stale readouts.
 */
export async function holdFlightClock(page: Page): Promise<void> {
  await page.waitForFunction(
    (label) => Boolean((window as { futileWorkers?: object }).futileWorkers?.[label as never]),
    FLIGHT,
  );
  await page.evaluate(async (label) => {
    const workers = (window as unknown as { futileWorkers: Record<string, ClockBridge> }).futileWorkers;
    await workers[label].takeOverClockForTest();
  }, FLIGHT);
}

/**
 * The game time of `readouts` HUD readouts and half a tick: a step that long runs at least
 * `readouts` × 6 ticks whatever the timers' rounding, so it always ends with a readout
 * newer than the last (at most a tick old).
 */
const readoutsMs = (readouts: number) => ((readouts * HUD_EVERY_TICKS + 0.5) * 1000) / TICK_HZ;

/** Moves the flight's held clock on by `ms`. */
export async function stepFlight(page: Page, ms: number): Promise<void> {
  await page.evaluate(
    async ([label, by]) => {
      const workers = (window as unknown as { futileWorkers: Record<string, ClockBridge> }).futileWorkers;
      await workers[label].advanceClockForTest(by);
    },
    [FLIGHT, ms] as const,
  );
}

/**
 * Waits for the HUD's readout newer than tick `after`, or for a dialog (landed, crashed,
 * game over); returns the readout's tick, or null for a dialog.
 */
async function nextReadout(page: Page, after: number): Promise<number | null> {
  const handle = await page.waitForFunction((seen) => {
    if (document.querySelector('[role="dialog"]')) return { tick: null };
    const hud = document.querySelector<HTMLElement>('[aria-label="Flight data"]');
    const tick = Number(hud?.dataset.tick);
    return tick > seen ? { tick } : false;
  }, after);
  return ((await handle.jsonValue()) as { tick: number | null }).tick;
}

/**
 * Flies on the held clock (`holdFlightClock`) until a dialog (landed, crashed, game over)
 * opens: reads the HUD's flight data (the readout of the last step's end), asks `pilot`
 * which input bits to hold, turns each on or off with `hold` (keys, or fingers on the touch
 * buttons), and steps the game two readouts on (one near the ground: about 200 and 100 ms).
 * Everything held is let go at the end.
 */
export async function flyUntilDialog(
  page: Page,
  pilot: (view: PilotView) => number,
  hold: (bit: number, down: boolean) => Promise<void>,
  bitsOf: readonly number[],
): Promise<void> {
  let held = 0;
  let seen = -1;
  // The dialog a flight starts from (Try again, Next level) closes when the engine's worker
  // has answered: until then it is the last flight's.
  await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
  for (let step = 0; step < 5000; step++) {
    const tick = await nextReadout(page, seen);
    if (tick === null) break;
    seen = tick;
    const view = await readPilotView(page);
    const bits = pilot(view);
    for (const bit of bitsOf) {
      if (bits & bit && !(held & bit)) await hold(bit, true);
      if (!(bits & bit) && held & bit) await hold(bit, false);
    }
    held = bits;
    await stepFlight(page, readoutsMs(view.height > 40 ? 2 : 1));
  }
  for (const bit of bitsOf) if (held & bit) await hold(bit, false);
}

/**
 * Waits until the flight is on (the run ticket came; the HUD shows while it is asked for),
 * looking every few milliseconds: on a clock not held, the lander falls from the moment it starts.
 */
export async function untilFlying(page: Page): Promise<void> {
  await page.waitForFunction(
    () => /^Level \d+\. /.test(document.querySelector('[data-testid="lander-live"]')?.textContent ?? ''),
    null,
    { polling: 10, timeout: 15_000 },
  );
}
