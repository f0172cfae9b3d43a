import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { crashWorker, decodePng, fractionNear, fractionTransparent, shoot } from './canvas-helpers.ts';
import { FIRST_LOAD } from './pageLoad.ts';
import { drawLoop, loopPoints } from './race-helpers.ts';
import { watchConsole } from './watchConsole.ts';

/**
 * Draw & Race on the game runtime: drawn from its render worker by default and from the
 * page's thread with `?render=main`, played the same both ways (the stroke's ink, the track,
 * a race to its results, the screenshot); and a worker that crashes shows its message and a
 * Restart that carries on from the track and cars the page kept.
 */

const SHOTS = 'test-results/race-runtime';
const GRASS = 0x4a9a3c;
const ROAD = 0x3b3d42;

const stage = (page: Page) => page.getByTestId('race-stage');
const canvas = (page: Page) => stage(page).locator('canvas');

/** The asphalt's share of the canvas (the road's dark grey). */
async function roadFraction(target: Locator, path?: string): Promise<number> {
  return fractionNear(await shoot(target, path), ROAD, 12);
}

async function open(page: Page, mode: 'worker' | 'main') {
  await page.goto(`/race?seed=7${mode === 'main' ? '&render=main' : ''}`);
  await expect(stage(page)).toHaveAttribute('data-render', mode, FIRST_LOAD);
  await expect(stage(page)).toHaveAttribute('data-ready', 'true');
  await expect(canvas(page)).toBeVisible();
  await page.getByRole('region', { name: 'Draw & Race' }).getByRole('button', { name: 'Start' }).click();
}

async function setLaps(page: Page, laps: number) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const value = dialog.getByTestId('race-laps');
  for (let n = Number(await value.textContent()); n > laps; n--) {
    await dialog.getByRole('button', { name: 'Fewer laps' }).click();
    await expect(value).toHaveText(String(n - 1));
  }
  await dialog.getByRole('button', { name: 'Done' }).click();
}

async function addCars(page: Page, count: number) {
  for (let i = 1; i <= count; i++) {
    await page.getByRole('button', { name: /Add Car/ }).click();
    await expect(stage(page)).toHaveAttribute('data-cars', String(i));
  }
}

for (const mode of ['worker', 'main'] as const) {
  test(`Draw & Race plays with its scene drawn ${mode === 'worker' ? 'in its render worker' : 'on the page (?render=main)'}`, async ({
    page,
  }) => {
    // A whole race on a busy 2-core machine.
    test.slow();
    const watch = watchConsole(page);
    await open(page, mode);
    const empty = await roadFraction(canvas(page));
    expect(empty).toBeLessThan(0.001);

    // The stroke's ink shows while the finger is still down (drawn by the scene from data).
    const box = (await stage(page).boundingBox())!;
    const points = loopPoints(box, { fr: 0.28 });
    await page.mouse.move(points[0].x, points[0].y);
    await page.mouse.down();
    for (const p of points.slice(1, 22)) await page.mouse.move(p.x, p.y, { steps: 2 });
    await expect.poll(() => roadFraction(canvas(page)), { timeout: 15_000 }).toBeGreaterThan(0.01);
    await shoot(canvas(page), `${SHOTS}/${mode}-stroke.png`);
    for (const p of points.slice(22)) await page.mouse.move(p.x, p.y, { steps: 2 });
    await page.mouse.up();
    await expect(stage(page)).toHaveAttribute('data-finalized', 'true');
    await expect
      .poll(() => roadFraction(canvas(page), `${SHOTS}/${mode}-track.png`), { timeout: 15_000 })
      .toBeGreaterThan(0.03);
    expect(fractionNear(await shoot(canvas(page)), GRASS, 28)).toBeGreaterThan(0.2);

    await addCars(page, 2);
    await setLaps(page, 1);
    await page.getByRole('button', { name: /Start$/ }).click();
    await expect(stage(page)).toHaveAttribute('data-phase', 'countdown');
    await expect(stage(page)).toHaveAttribute('data-phase', 'running', { timeout: 8000 });
    await shoot(canvas(page), `${SHOTS}/${mode}-racing.png`);
    const results = page.getByRole('region', { name: 'Race Results' });
    await expect(results).toBeVisible({ timeout: 60_000 });
    await expect(results.getByRole('listitem')).toHaveCount(2);
    await expect(results).toContainText('Winner');
    await expect(stage(page)).toHaveAttribute('data-phase', 'finished');

    // The screenshot: made by the scene wherever it draws, at the stage's size, opaque, the track on it.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Screenshot' }).click();
    expect((await download).suggestedFilename()).toBe('draw-and-race.png');
    const png = decodePng(await readFile(await (await download).path()));
    expect({ width: png.width, height: png.height }).toEqual({
      width: Math.round(box.width),
      height: Math.round(box.height),
    });
    expect(fractionTransparent(png)).toBe(0);
    // The lawn's green at the top-left corner.
    expect(png.data[1]).toBeGreaterThan(png.data[0]);
    expect(fractionNear(png, ROAD, 12)).toBeGreaterThan(0.03);

    await results.getByRole('button', { name: 'Race again' }).click();
    await expect(stage(page)).toHaveAttribute('data-phase', 'idle');
    expect(watch.errors).toEqual([]);
  });
}

for (const [label, mode] of [
  ['The race', 'worker'],
  ['The drawing of the race', 'worker'],
  ['The race', 'main'],
] as const) {
  test(`${label} (${mode}) crashes on purpose: the page says so, and Restart carries on with the kept track and cars`, async ({
    page,
  }) => {
    test.slow();
    await open(page, mode);
    await drawLoop(page, stage(page), 0.5, 0.5, 0.3);
    await addCars(page, 2);
    await expect.poll(() => roadFraction(canvas(page)), { timeout: 15_000 }).toBeGreaterThan(0.03);

    await crashWorker(page, label, async () => {
      await page.screenshot({ path: `${SHOTS}/crash-${mode}-${label.length}.png` });
    });

    // The track and the cars are back, drawn, and the race runs on the restarted worker.
    await expect(stage(page)).toHaveAttribute('data-finalized', 'true');
    await expect(stage(page)).toHaveAttribute('data-cars', '2');
    await expect
      .poll(() => roadFraction(canvas(page), `${SHOTS}/restarted-${mode}-${label.length}.png`), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0.03);
    await page.getByRole('button', { name: /Start$/ }).click();
    await expect(stage(page)).toHaveAttribute('data-phase', 'running', { timeout: 10_000 });
    await shoot(canvas(page), `${SHOTS}/restarted-running-${mode}-${label.length}.png`);
  });
}
