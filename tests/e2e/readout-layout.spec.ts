import { type CDPSession, expect, type Locator, type Page, test } from '@playwright/test';
import { openOnPausedClock } from './clock-helpers.ts';
import { holdFlightClock, stepFlight, untilFlying } from './lander-helpers.ts';
import { findSeed, mowsRightThenDown, openWithSave, playing } from './yard-helpers.ts';

/**
 * Readouts written several times a second outside React (`src/lib/domText.ts`: Lunar
 * Lander's flight data, Crit Happens' tray values as the dice settle, Gravity's body count
 * and the selected body's motion, Yardcore's score and mowed count) lay out their own box
 * alone. Each sits in a box of fixed size with `contain: strict` that is not a flex or grid
 * item (Chromium lays those out only with their container), so a write is a partial layout
 * of a few objects instead of the whole page: at 4× CPU a full one cost 2–9 ms of the
 * frame's main thread, ten times a second.
 *
 * Read from Chromium's own trace: each layout, and the layout invalidations that led to it
 * with the script that made them. Layouts that only readout writes caused must be partial.
 */

interface TraceEvent {
  name: string;
  ts: number;
  args?: {
    beginData?: { partialLayout?: boolean; dirtyObjects?: number; frame?: string };
    data?: { reason?: string; nodeName?: string; stackTrace?: { url?: string }[] };
  };
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline.invalidationTracking'];

async function startTrace(page: Page): Promise<{ cdp: CDPSession; events: TraceEvent[] }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: CATEGORIES },
    transferMode: 'ReportEvents',
  });
  return { cdp, events };
}

async function stopTrace({ cdp, events }: { cdp: CDPSession; events: TraceEvent[] }): Promise<TraceEvent[]> {
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return events.sort((a, b) => a.ts - b.ts);
}

/** stopTrace, keeping only the page's own layouts (not those of SVG images or frames in it). */
async function stopPageTrace(page: Page, trace: { cdp: CDPSession; events: TraceEvent[] }) {
  const cdp = await page.context().newCDPSession(page);
  const { frameTree } = await cdp.send('Page.getFrameTree');
  await cdp.detach();
  return (await stopTrace(trace)).filter(
    (e) => e.name !== 'Layout' || e.args?.beginData?.frame === frameTree.frame.id,
  );
}

type TracedLayout = { partial: boolean; dirtyObjects: number };

/** Each layout whose invalidations since the one before satisfy `causedOnlyBy`: partial or not. */
function layoutsCausedOnlyBy(events: TraceEvent[], causedOnlyBy: (invalidations: TraceEvent[]) => boolean) {
  const layouts: TracedLayout[] = [];
  let since: TraceEvent[] = [];
  for (const e of events) {
    if (e.name === 'LayoutInvalidationTracking') since.push(e);
    else if (e.name === 'Layout' && e.args?.beginData) {
      if (causedOnlyBy(since))
        layouts.push({
          partial: e.args.beginData.partialLayout === true,
          dirtyObjects: e.args.beginData.dirtyObjects ?? 0,
        });
      since = [];
    }
  }
  return layouts;
}

/**
 * The layouts that only texts caused, one of them written by domText's writeText: partial or
 * not. (A fitted readout's new width is a style change: that layout is not counted.)
 */
function readoutLayouts(events: TraceEvent[]): TracedLayout[] {
  // Readouts' texts, and number fields' values (each swaps its text node): nothing else.
  const byReadout = (i: TraceEvent) =>
    i.args?.data?.reason === 'Text changed' &&
    /\/domText[^/]*\.js/.test(i.args.data.stackTrace?.[0]?.url ?? '');
  const textSwap = (i: TraceEvent) =>
    i.args?.data?.nodeName === '#text' && /^(Removed from|Added to) layout$/.test(i.args.data.reason ?? '');
  return layoutsCausedOnlyBy(
    events,
    (since) => since.some(byReadout) && since.every((i) => byReadout(i) || textSwap(i)),
  );
}

/** Stops the trace: at least `least` layouts were readouts' alone, and each was partial. */
async function expectOnlyPartial(trace: { cdp: CDPSession; events: TraceEvent[] }, least: number) {
  const layouts = readoutLayouts(await stopTrace(trace));
  expect(layouts.length).toBeGreaterThanOrEqual(least);
  expect(layouts.filter((l) => !l.partial)).toEqual([]);
}

test('Lunar Lander: each flight readout written lays out its own box, not the page', async ({ page }) => {
  const intro = page.getByRole('dialog', { name: 'Lunar Lander' });
  await page.goto('/lunar-lander');
  await expect(intro.getByRole('heading', { name: 'High Scores' })).toBeVisible();
  await holdFlightClock(page);
  await intro.getByRole('button', { name: 'Start mission' }).click();
  await untilFlying(page);
  const trace = await startTrace(page);
  // Thrust and drift: fuel, speed, altitude and the pad's distance all change.
  await page.keyboard.down('ArrowUp');
  await page.keyboard.down('ArrowRight');
  for (let i = 0; i < 12; i++) {
    await stepFlight(page, 120);
    // A frame between steps, so each readout is laid out on its own.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  }
  await page.keyboard.up('ArrowUp');
  await page.keyboard.up('ArrowRight');
  await expectOnlyPartial(trace, 6);
});

test('Crit Happens: a die settling writes its tray value into its own box, not the page', async ({
  page,
}) => {
  await page.goto('/crit-happens?seed=11');
  await expect(page.getByTestId('crit-arena').locator('canvas')).toBeVisible({ timeout: 20_000 });
  for (const type of ['d20', 'd20', 'd12', 'd10', 'd8', 'd6', 'd4', 'd100'])
    await page.getByRole('button', { name: `Add a ${type}`, exact: true }).click();
  const history = page.getByRole('list', { name: 'Roll history' }).getByRole('listitem');
  const trace = await startTrace(page);
  await page.getByRole('button', { name: 'Roll', exact: true }).click();
  await expect(history).toHaveCount(1, { timeout: 20_000 });
  // The dice settle over several frames; some land together and share a layout.
  await expectOnlyPartial(trace, 2);
});

test('Crit Happens: a roll lays out the boxes it changes, never the whole page', async ({ page }) => {
  await page.goto('/crit-happens?seed=11');
  await expect(page.getByTestId('crit-arena').locator('canvas')).toBeVisible({ timeout: 20_000 });
  for (const type of ['d20', 'd12', 'd8', 'd6'])
    await page.getByRole('button', { name: `Add a ${type}`, exact: true }).click();
  const total = page.getByTestId('crit-total');
  const history = page.getByRole('list', { name: 'Roll history' }).getByRole('listitem');
  const trace = await startTrace(page);
  // Its start and its end: the total's text, Roll, Clear and Set dice disabled and enabled
  // again, the tray's values, the history's new entry and the live region's message, each in a
  // box laid out alone (before: 21 and 36 of 250–280 objects, the whole page, each time).
  await page.keyboard.press('r');
  await expect(total).toHaveText('Rolling…');
  await expect(history).toHaveCount(1, { timeout: 20_000 });
  await expect(total).toContainText('Total');
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  // The page's layouts only: the tray's faces are SVG images, documents of their own.
  const layouts = layoutsCausedOnlyBy(await stopPageTrace(page, trace), (since) => since.length > 0);
  expect(layouts.length).toBeGreaterThanOrEqual(3);
  expect(layouts.filter((l) => !l.partial)).toEqual([]);
});

test('Whac-a-Moji: emojis coming up, counting down and whacked, and the score, lay out their own boxes', async ({
  page,
}) => {
  await openOnPausedClock(page, '/whac-a-moji', (p) => p.getByRole('heading', { name: 'How to play' }));
  await page.getByRole('button', { name: 'Start Game' }).click();
  await page.getByRole('button', { name: 'Start Round' }).click();
  await expect(page.getByRole('region', { name: '3 by 3 grid' })).toBeVisible();
  // The round's screen coming in (its entry animation, on real time) is not the round's play.
  await expect
    .poll(() => page.evaluate(() => document.querySelector('.whac-screen')?.getAnimations().length))
    .toBe(0);
  const upCells = page.locator('.whac-cell[data-state="up"]');
  const trace = await startTrace(page);
  // Each change is a cell's parts (its layer, a box of its own) or the score (a readout that
  // keeps its transform while it bumps): before, each laid out the page, 30 times in 6 s.
  let hits = 0;
  for (let step = 0; step < 200 && hits < 4; step++) {
    if ((await upCells.count()) > 0) {
      await upCells.first().click();
      hits++;
    }
    await page.clock.runFor(100);
  }
  expect(hits).toBe(4);
  const layouts = layoutsCausedOnlyBy(await stopPageTrace(page, trace), (since) => since.length > 0);
  expect(layouts.length).toBeGreaterThanOrEqual(8);
  expect(layouts.filter((l) => !l.partial)).toEqual([]);
});

/** Polls `readout` until it has shown `count` different texts. */
async function untilShown(readout: Locator, count: number) {
  const shown = new Set<string | null>();
  await expect
    .poll(
      async () => {
        shown.add(await readout.textContent());
        return shown.size;
      },
      { timeout: 60_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(count);
}

test("Gravity: the header's body count and the selected body's motion lay out their own boxes", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stage = page.getByTestId('gravity-stage');
  const bodyCount = async () => Number(await stage.getAttribute('data-body-count'));
  // The proto-disk's bodies merge several times a second at first: the count keeps changing.
  await page.goto('/gravity?preset=proto-disk');
  await expect(stage.locator('canvas')).toBeVisible();
  await expect.poll(bodyCount, { timeout: 30_000 }).toBeGreaterThan(50);
  // The header shows a new count at most twice a second: until it has shown four new ones.
  let trace = await startTrace(page);
  await untilShown(page.locator('.gravity-hud'), 5);
  await expectOnlyPartial(trace, 2);

  // A planet on its orbit, selected: its speed and position are written twice a second.
  await page.goto('/gravity?preset=hot-jupiter');
  await expect.poll(bodyCount, { timeout: 30_000 }).toBe(4);
  await page.getByRole('button', { name: 'Select next body' }).click();
  await page.getByRole('button', { name: 'Select next body' }).click();
  const details = page.getByRole('region', { name: 'Object details' });
  await expect(details).toContainText('Planet');
  trace = await startTrace(page);
  // Some of these writes change a readout's width (a style change, not counted): eight positions.
  await untilShown(details.getByText(/Position/), 8);
  await expectOnlyPartial(trace, 2);
});

/** Yardcore playing a saved yard where walking right, then down, keeps cutting fresh grass. */
async function playMowingYard(page: Page) {
  await openWithSave(
    page,
    findSeed((s) => s === Number.POSITIVE_INFINITY, 20, mowsRightThenDown),
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  await playing(page);
}

test('Yardcore: the score and the mowed count lay out their own boxes as the mower cuts', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await playMowingYard(page);
  const cut = page.getByTestId('yard-cut');
  const cutCount = async () => Number((await cut.textContent())?.split('/')[0]);
  // A layout that also carries another change of the same frame (the live summary's first
  // text, the canvas taking its new size) is not counted; on a busy machine frames are few,
  // so several cuts can share one. Mow in pieces, each traced, until two layouts were the
  // readouts' alone: right, then down (the seed keeps both cutting fresh grass).
  const layouts: ReturnType<typeof readoutLayouts> = [];
  for (const key of ['ArrowRight', 'ArrowDown', 'ArrowDown']) {
    if (layouts.length >= 2) break;
    const trace = await startTrace(page);
    const before = await cutCount();
    await page.keyboard.down(key);
    await expect.poll(cutCount, { timeout: 60_000 }).toBeGreaterThan(before + 3);
    await page.keyboard.up(key);
    layouts.push(...readoutLayouts(await stopTrace(trace)));
  }
  expect(layouts.length).toBeGreaterThanOrEqual(2);
  expect(layouts.filter((l) => !l.partial)).toEqual([]);
});

/**
 * The layouts that only a canvas taking a new size caused (its scene changed its resolution),
 * partial or not.
 */
function canvasSizeLayouts(events: TraceEvent[]): TracedLayout[] {
  const canvasResized = (i: TraceEvent) =>
    i.args?.data?.reason === 'Size changed' && i.args.data.nodeName === 'CANVAS';
  return layoutsCausedOnlyBy(events, (since) => since.length > 0 && since.every(canvasResized));
}

/**
 * A canvas game's adaptive quality (on a device that cannot keep up) lowers the canvas's
 * resolution, which gives the canvas a new size: its positioned, contained box lays that out
 * alone, not the page (a full layout of the page before: 7–9 objects of 60–239). Crit Happens'
 * canvas sits in the same box but is not checked here: its quality steps while a roll also
 * changes the page, in the same layouts.
 */
/** Tells the render worker `label` that every frame took 30 ms longer (its test hook, e2e builds). */
function slowFrames(page: Page, label: string) {
  return page.evaluate(
    (name) =>
      (
        window as unknown as {
          futileWorkers: Record<string, { call(method: string, ...args: number[]): Promise<void> }>;
        }
      ).futileWorkers[name].call('slowFramesForTest', 30),
    label,
  );
}

/**
 * The canvas's width once its scene has sized it: a canvas drawn from a worker shows its
 * element's default 300 × 150 until the worker's first frame reaches the page.
 */
async function sizedWidth(canvas: Locator): Promise<number> {
  const size = () => canvas.evaluate((c: HTMLCanvasElement) => `${c.width}x${c.height}`);
  await expect.poll(size, { timeout: 20_000 }).not.toBe('300x150');
  return canvas.evaluate((c: HTMLCanvasElement) => c.width);
}

/** Waits for `canvas` to take a width below `before`, then for the frame that lays it out. */
async function untilNarrower(page: Page, canvas: Locator, before: number) {
  await expect
    .poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.width), { timeout: 20_000 })
    .toBeLessThan(before);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

function expectOnlyPartialResizes(events: TraceEvent[]) {
  const layouts = canvasSizeLayouts(events);
  expect(layouts.length).toBeGreaterThanOrEqual(1);
  expect(layouts.filter((l) => !l.partial)).toEqual([]);
}

for (const { game, path, label } of [
  { game: 'Draw & Race', path: '/race', label: 'The drawing of the race' },
  { game: 'Gravity', path: '/gravity', label: 'The drawing of the simulation' },
  { game: 'Lunar Lander', path: '/lunar-lander', label: 'The drawing of the flight' },
]) {
  test(`${game}: the canvas taking a lower resolution lays out its own box, not the page`, async ({
    page,
  }) => {
    await page.goto(path);
    const canvas = page.locator('canvas[data-drawn="true"]');
    await expect(canvas).toBeVisible({ timeout: 20_000 });
    const trace = await startTrace(page);
    const before = await sizedWidth(canvas);
    // As on a device that cannot keep up.
    await slowFrames(page, label);
    await untilNarrower(page, canvas, before);
    expectOnlyPartialResizes(await stopTrace(trace));
  });
}

test('Yardcore: the canvas taking a lower resolution lays out its own box, not the page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The yard standing behind its menu is still (no frames for the quality to judge): slowed
  // there, its resolution steps from the best level once the game plays, whatever this
  // machine's own frame times would have done by then. Standing still is safe on this seed
  // for 20 s, and a playing yard draws every frame.
  await openWithSave(
    page,
    findSeed((s) => s === Number.POSITIVE_INFINITY, 20),
  );
  const canvas = page.getByTestId('yard-stage').locator('canvas');
  const before = await sizedWidth(canvas);
  const trace = await startTrace(page);
  await slowFrames(page, 'The drawing of the yard');
  await page.getByRole('button', { name: 'Continue' }).click();
  await playing(page);
  await untilNarrower(page, canvas, before);
  expectOnlyPartialResizes(await stopTrace(trace));
});
