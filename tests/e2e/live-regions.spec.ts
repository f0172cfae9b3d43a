import { expect, type Page, test } from '@playwright/test';
import { drawLoop } from './race-helpers.ts';

/**
 * Screen readers and canvas games: each canvas game keeps a polite live region
 * with what the canvas draws (score, lives, fuel, result…), and its text follows the game.
 * And prefers-reduced-motion: the home cards do not tilt.
 */

test.describe.configure({ timeout: 120_000 });

const live = (page: Page, game: string) => page.getByTestId(`${game}-live`);

test('Lunar Lander reads out level, score, lives and fuel, then the crash', async ({ page }) => {
  await page.goto('/lunar-lander');
  await expect(live(page, 'lander')).toHaveAttribute('aria-live', 'polite');
  await page.getByRole('button', { name: 'Start mission' }).click();
  await expect(live(page, 'lander')).toHaveText('Level 1. Score 0. 3 lives left. Fuel 100.');
  // Full thrust burns fuel: the region follows in steps of 10.
  await page.keyboard.down('ArrowUp');
  await expect(live(page, 'lander')).toContainText(/Fuel [1-9]0\./, { timeout: 30_000 });
  await page.keyboard.up('ArrowUp');
  // With no input the lander falls and crashes.
  await expect(live(page, 'lander')).toContainText('Crashed! Level 1. Score 0. 2 lives left.', {
    timeout: 60_000,
  });
});

test('Gravity reads out the bodies, pause and the selected body', async ({ page }) => {
  await page.goto('/gravity?preset=solar-system');
  await expect(live(page, 'gravity')).toHaveText('9 bodies, running.');
  await page.getByRole('button', { name: /Pause/ }).click();
  await expect(live(page, 'gravity')).toHaveText('9 bodies, paused.');
  const box = (await page.getByTestId('gravity-stage').locator('canvas').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(live(page, 'gravity')).toHaveText('9 bodies, paused. Selected: Star #1.');
});

test('Draw & Race reads out the track, the cars and the race', async ({ page }) => {
  await page.goto('/race');
  const stage = page.getByTestId('race-stage');
  await expect(stage).toHaveAttribute('data-ready', 'true');
  await page.getByRole('region', { name: 'Draw & Race' }).getByRole('button', { name: 'Start' }).click();
  await drawLoop(page, stage);
  await expect(live(page, 'race')).toHaveText('Track ready. 0 cars on the grid.');
  await page.getByRole('button', { name: /Add Car/ }).click();
  await page.getByRole('button', { name: /Add Car/ }).click();
  await expect(live(page, 'race')).toHaveText('Track ready. 2 cars on the grid.');
  await page.getByRole('button', { name: /Start$/ }).click();
  await expect(live(page, 'race')).toHaveText(/^You are (1st|2nd) of 2, lap \d\/\d\.$/, { timeout: 20_000 });
});

test('Yardcore reads out level, hearts, score, mowing and fuel as the player mows', async ({ page }) => {
  await page.goto('/yardcore');
  await page.getByTestId('yard-intro').getByRole('button', { name: 'New Game' }).click();
  await expect(live(page, 'yard')).toHaveText('Level 1. 5 hearts. Score 0. Mowed 0 of 100. Mower fuel 100.', {
    timeout: 20_000,
  });
  // Walking the mower over grass mows it: the score in the region goes up.
  await page.keyboard.down('ArrowRight');
  await expect(live(page, 'yard')).toContainText(/Score [1-9]\d*\./, { timeout: 30_000 });
  await page.keyboard.up('ArrowRight');
});

test('under prefers-reduced-motion the home cards do not tilt', async ({ page }) => {
  await page.goto('/');
  const card = page.getByRole('link', { name: /Gravity/ }).first();
  const transformOnHover = async () => {
    await page.mouse.move(0, 0);
    await card.hover();
    await page.waitForFunction(
      (el) => el.getAnimations().every((a) => a.playState !== 'running'),
      await card.elementHandle(),
    );
    return card.evaluate((el) => getComputedStyle(el).transform);
  };
  expect(await transformOnHover()).not.toBe('none');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await transformOnHover()).toBe('none');
});
