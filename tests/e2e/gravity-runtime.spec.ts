import { expect, type Locator, type Page, test } from '@playwright/test';
import { crashWorker, fractionBrighter, shoot } from './canvas-helpers.ts';
import { watchConsole } from './watchConsole.ts';

/**
 * Gravity on the game runtime: drawn from its render worker by default and from the page's
 * thread with `?render=main`, played the same both ways; and a worker that crashes shows
 * its message and a Restart that carries on from the scene the page kept.
 */

const stage = (page: Page) => page.getByTestId('gravity-stage');
const canvas = (page: Page) => stage(page).locator('canvas');
const attr = (page: Page, name: string) => stage(page).getAttribute(name);
const bodyCount = async (page: Page) => Number(await attr(page, 'data-body-count'));

async function at(target: Locator, fx: number, fy: number) {
  const box = (await target.boundingBox())!;
  return { x: box.x + box.width * fx, y: box.y + box.height * fy };
}

async function expectMotion(page: Page) {
  const before = await attr(page, 'data-motion');
  await expect.poll(() => attr(page, 'data-motion'), { timeout: 15_000 }).not.toBe(before);
}

/** Stars and planets: bright pixels on the near-black sky (as canvas-redraw judges Gravity). */
async function brightFraction(target: Locator): Promise<number> {
  return fractionBrighter(await shoot(target), 120);
}

for (const mode of ['worker', 'main'] as const) {
  test(`Gravity plays with its scene drawn ${mode === 'worker' ? 'in its render worker' : 'on the page (?render=main)'}`, async ({
    page,
  }) => {
    const watch = watchConsole(page);
    await page.goto(`/gravity?preset=hot-jupiter${mode === 'main' ? '&render=main' : ''}`);
    await expect(stage(page)).toHaveAttribute('data-render', mode);
    await expect(canvas(page)).toBeVisible();
    await expect.poll(() => bodyCount(page), { timeout: 30_000 }).toBe(4);
    await expectMotion(page);
    await expect.poll(() => brightFraction(canvas(page)), { timeout: 30_000 }).toBeGreaterThan(0.0005);
    // The address keeps the render choice.
    if (mode === 'main') await expect(page).toHaveURL(/render=main/);

    // Click on the star in the middle selects it (paused first: nothing has pulled it off centre yet).
    await page.getByRole('button', { name: /Pause/ }).click();
    const sun = await at(canvas(page), 0.5, 0.5);
    await page.mouse.click(sun.x, sun.y);
    const details = page.getByRole('region', { name: 'Object details' });
    await expect(details).toContainText('Star #1');
    // The keyboard's next body (the engine's order: the star, then its planets).
    await page.getByRole('button', { name: 'Select next body' }).click();
    await expect(details).toContainText('Planet');
    await page.getByRole('button', { name: /Play/ }).click();

    // Double-click on space adds a planet; holding adds a star.
    const p = await at(canvas(page), 0.1, 0.12);
    await page.mouse.dblclick(p.x, p.y);
    await expect.poll(() => bodyCount(page)).toBe(5);
    await expect(details).toContainText('Planet');
    const q = await at(canvas(page), 0.9, 0.88);
    await page.mouse.move(q.x, q.y);
    await page.mouse.down();
    await page.waitForTimeout(900);
    await page.mouse.up();
    await expect.poll(() => bodyCount(page)).toBe(6);
    await expect(details).toContainText('Star');

    // Zoom with the wheel reaches the controls' readout.
    const zoom = page.getByRole('slider', { name: 'Zoom' });
    const before = await zoom.inputValue();
    await page.mouse.move(sun.x, sun.y);
    await page.mouse.wheel(0, -400);
    await expect.poll(() => zoom.inputValue()).not.toBe(before);

    // A preset from the list.
    await page.getByLabel('Preset').selectOption({ label: 'Solar System' });
    await expect.poll(() => bodyCount(page)).toBe(9);
    expect(watch.errors).toEqual([]);
  });
}

for (const [label, mode] of [
  ['The simulation', 'worker'],
  ['The drawing of the simulation', 'worker'],
  ['The simulation', 'main'],
] as const) {
  test(`${label} (${mode}) crashes on purpose: the page says so, and Restart carries on from the kept scene`, async ({
    page,
  }) => {
    await page.goto(`/gravity?preset=hot-jupiter${mode === 'main' ? '&render=main' : ''}`);
    await expect(stage(page)).toHaveAttribute('data-render', mode);
    await expect.poll(() => bodyCount(page), { timeout: 30_000 }).toBe(4);
    // One more body than the preset has, so the restart shows it resumed rather than reloaded.
    const p = await at(canvas(page), 0.1, 0.12);
    await page.mouse.dblclick(p.x, p.y);
    await expect.poll(() => bodyCount(page)).toBe(5);
    // The page keeps the scene once a second.
    await page.waitForTimeout(1500);

    await crashWorker(page, label);
    await expect.poll(() => bodyCount(page), { timeout: 30_000 }).toBe(5);
    await expectMotion(page);
    await expect.poll(() => brightFraction(canvas(page)), { timeout: 30_000 }).toBeGreaterThan(0.0005);
    // Still playable after the restart.
    const q = await at(canvas(page), 0.85, 0.15);
    await page.mouse.dblclick(q.x, q.y);
    await expect.poll(() => bodyCount(page)).toBe(6);
  });
}
