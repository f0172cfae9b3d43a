import { expect, type Page, test } from '@playwright/test';
import { watchConsole } from './watchConsole.ts';
import { findSeed, mowsRightThenDown, openWithSave, playing } from './yard-helpers.ts';

/**
 * Yardcore end to end: the real build in Chromium. Continue replays the saved seed and level,
 * so a test picks its yard by writing them to local storage first. The seeds are found with
 * the same engine the page's worker runs.
 */

const cutCount = async (page: Page) =>
  Number((await page.getByTestId('yard-cut').textContent())?.split('/')[0]);

test('new game, walk and mow, pause and resume, exit to the menu', async ({ page }) => {
  const console = watchConsole(page);
  // A yard where nobody wins a fight against a player who stands still for 20 s.
  const calmSeed = findSeed((s) => s === Number.POSITIVE_INFINITY, 20, mowsRightThenDown);
  await openWithSave(page, calmSeed);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('yard-cut')).toHaveText('0 / 100 mowed', { timeout: 10_000 });
  await playing(page);
  await expect(page.getByRole('button', { name: 'Slot 1: mower, fuel 100' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Walking with the mower cuts grass: the count, the score and the mower's fuel all move.
  await page.keyboard.down('ArrowRight');
  await expect.poll(() => cutCount(page), { timeout: 10_000 }).toBeGreaterThan(3);
  await page.keyboard.up('ArrowRight');
  const mowed = await cutCount(page);
  await expect(page.getByTestId('yard-score')).not.toHaveText('0 pts');
  await expect(page.getByRole('button', { name: /Slot 1: mower, fuel (\d+)/ })).not.toHaveAccessibleName(
    'Slot 1: mower, fuel 100',
  );

  await page.screenshot({ path: 'test-results/screens/yardcore-playing-1440.png' });

  // Esc pauses: the yard stops and the score is shown; Resume carries on.
  await page.keyboard.press('Escape');
  const paused = page.getByTestId('yard-paused');
  await expect(paused).toBeVisible();
  await expect(paused).toContainText('Score');
  await paused.getByRole('button', { name: 'Resume' }).click();
  await expect(paused).toBeHidden();
  await playing(page);
  await page.keyboard.down('KeyS');
  await expect.poll(() => cutCount(page), { timeout: 10_000 }).toBeGreaterThan(mowed + 2);
  await page.keyboard.up('KeyS');

  // Exit to Menu keeps the progress: the intro offers Continue again.
  await page.keyboard.press('Escape');
  await paused.getByRole('button', { name: 'Exit to Menu' }).click();
  await expect(page.getByTestId('yard-intro').getByRole('button', { name: 'Continue' })).toBeVisible();
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('yardcore:progress') ?? 'null'));
  expect(saved).toMatchObject({ level: 1 });
  expect(saved.score).toBeGreaterThan(0);
  expect(console.errors).toEqual([]);
});

test('standing among raccoons ends in game over; R starts the level again', async ({ page }) => {
  const console = watchConsole(page);
  const dangerousSeed = findSeed((s) => s < 12, 12);
  await openWithSave(page, dangerousSeed);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('yard-cut')).toBeVisible();
  const over = page.getByTestId('yard-gameover');
  await expect(over).toBeVisible({ timeout: 30_000 });
  await expect(over.getByRole('heading', { name: 'Game over' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/yardcore-gameover-1440.png' });

  await page.keyboard.press('r');
  await expect(over).toBeHidden();
  await expect(page.getByRole('img', { name: 'Health 5 of 5' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('yard-cut')).toHaveText('0 / 100 mowed');
  expect(console.errors).toEqual([]);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  test('tap to move mows on a phone; the menus fit the screen', async ({ page }) => {
    const calmSeed = findSeed((s) => s === Number.POSITIVE_INFINITY, 20);
    await openWithSave(page, calmSeed);
    const intro = page.getByTestId('yard-intro');
    await expect(intro).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: 'test-results/screens/yardcore-intro-360.png' });
    await intro.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('yard-cut')).toHaveText('0 / 100 mowed', { timeout: 10_000 });
    await playing(page);
    // Tap to the right of the player (the middle of the stage): the player walks there mowing.
    const stage = page.getByTestId('yard-stage');
    const box = (await stage.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width * 0.5 + 120, box.y + box.height * 0.5);
    await expect.poll(() => cutCount(page), { timeout: 10_000 }).toBeGreaterThan(1);
    await page.screenshot({ path: 'test-results/screens/yardcore-playing-360.png' });
  });
});
