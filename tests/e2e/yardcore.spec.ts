import { expect, type Page, test } from '@playwright/test';
import { createGame, tileAt } from '../../src/games/yardcore/engine/game.ts';
import { SPAWN, Tile } from '../../src/games/yardcore/engine/world.ts';
import { watchConsole } from './watchConsole.ts';
import {
  findSeed,
  goRight,
  mowsRight,
  mowsRightThenDown,
  openWithSave,
  playing,
  secondsToDefeat,
  settledHud,
} from './yard-helpers.ts';

/**
 * Yardcore end to end: the real build in Chromium. Continue replays the saved seed and level,
 * so a test picks its yard by writing them to local storage first. The seeds are found with
 * the same engine the page's worker runs.
 */

// The canvas runs at a few frames a second on a loaded 2-core machine: walks and screenshots wait long.
test.describe.configure({ timeout: 240_000 });

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

/** A level-1 yard where nobody beats a player who stands still for 20 s, with grass to the right. */
const calmSeed = () => findSeed((s) => s === Number.POSITIVE_INFINITY, 20, mowsRightThenDown);

test('Exit to Menu, then Continue: the same score, mowed count and lawn; mowing it again scores nothing', async ({
  page,
}) => {
  const console = watchConsole(page);
  await openWithSave(page, calmSeed());
  await page.getByRole('button', { name: 'Continue' }).click();
  await playing(page);
  // Walk 6 tiles right, mowing.
  await goRight(page, 6);
  await expect.poll(() => cutCount(page), { timeout: 60_000 }).toBeGreaterThan(2);
  const before = await settledHud(page);
  expect(Number(before.cut.split('/')[0])).toBeGreaterThan(2);

  await page.keyboard.press('Escape');
  await page.getByTestId('yard-paused').getByRole('button', { name: 'Exit to Menu' }).click();
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('yardcore:progress') ?? 'null'));
  await page.getByTestId('yard-intro').getByRole('button', { name: 'Continue' }).click();
  await playing(page);
  await expect(page.getByTestId('yard-score')).toHaveText(before.score, { timeout: 30_000 });
  await expect(page.getByTestId('yard-cut')).toHaveText(before.cut);
  expect(saved.cut).toHaveLength(saved.cutCount * 2);
  await page.screenshot({ path: 'test-results/screens/yardcore-continue-1440.png' });

  // The same walk over the restored (cut) tiles: nothing new to mow, no points.
  await goRight(page, 6);
  await page.waitForTimeout(300);
  expect(await settledHud(page)).toEqual(before);
  expect(console.errors).toEqual([]);
});

test('Continue from a save without the mowed tiles (older saves) keeps its score, count and level', async ({
  page,
}) => {
  await openWithSave(page, calmSeed(), { progress: { score: 25, cutCount: 25, level: 1 } });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('yard-score')).toHaveText('25 pts', { timeout: 30_000 });
  await expect(page.getByTestId('yard-cut')).toHaveText('25 / 100 mowed');
});

for (const width of [1440, 360]) {
  test(`${width}: the level-up card says what the next level adds: no squirrels after level 2`, async ({
    page,
  }) => {
    await page.setViewportSize(width === 360 ? { width: 360, height: 640 } : { width: 1440, height: 900 });
    const seed = findSeed(
      (s) => s === Number.POSITIVE_INFINITY,
      0,
      (s) => mowsRight(s, 2) && secondsToDefeat(s, 10, 2) === Number.POSITIVE_INFINITY,
    );
    await openWithSave(page, seed, { progress: { score: 200, cutCount: 139, level: 2 } });
    await page.getByRole('button', { name: 'Continue' }).click();
    await playing(page);
    await goRight(page, width === 360 ? 4 : 6);
    const card = page.getByTestId('yard-levelup');
    await expect(card).toBeVisible({ timeout: 60_000 });
    await expect(card).toContainText('Next: level 3. Mow 180 tiles.');
    await expect(card).not.toContainText(/squirrel/i);
    await page.screenshot({ path: `test-results/screens/yardcore-levelup-${width}.png` });
  });
}

test('a tile is 32 px at zoom 1 (the default); Settings offers 0.75× to 2×', async ({ page }) => {
  await openWithSave(page, calmSeed(), { dev: true });
  await page.getByRole('button', { name: 'Continue' }).click();
  await playing(page);
  const x = async () =>
    Number(/x (-?[\d.]+)/.exec((await page.getByTestId('yard-debug').textContent()) ?? '')?.[1]);
  // The readout follows the scene's HUD (a few times a second; once a second on a loaded machine).
  await expect.poll(x, { timeout: 30_000 }).toBeGreaterThan(0);
  const start = await x();
  // 96 px right of the gardener is 3 tiles at 32 px a tile.
  await goRight(page, 3);
  await expect.poll(x, { timeout: 60_000 }).toBeCloseTo(start + 3, 0);
  await settledHud(page);
  expect(Math.abs((await x()) - (start + 3))).toBeLessThan(0.1);

  await page.keyboard.press('Escape');
  await page.getByTestId('yard-paused').getByRole('button', { name: 'Settings' }).click();
  const zoom = page.getByRole('slider', { name: /Zoom/ });
  await expect(page.getByRole('dialog')).toContainText("0.75× to 2×; 1× shows the yard's 32 px tiles");
  await expect(zoom).toHaveValue('1');
  await zoom.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(zoom).toHaveValue('2');
  await page.screenshot({ path: 'test-results/screens/yardcore-settings-1440.png' });
  await page.keyboard.press('Escape');
  await page.getByTestId('yard-paused').getByRole('button', { name: 'Resume' }).click();
  await playing(page);
  // At 2× the same 128 px are 2 tiles.
  const here = await x();
  await goRight(page, 4);
  await expect.poll(x, { timeout: 60_000 }).toBeCloseTo(here + 2, 0);
  await settledHud(page);
  expect(Math.abs((await x()) - (here + 2))).toBeLessThan(0.1);
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 360, height: 640 },
]) {
  test(`${viewport.width}: the mower stops at the pond's edge, never on the water`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // Seed 6: open grass, then a pond, to the right of the spawn.
    const yard = createGame(6);
    /**
     * Distance from the gardener at (x, y) to the nearest water tile. The walk is along the
     * spawn row, but a tap-to-walk path may step off it: the debug text's own y is used.
     */
    const toWater = ({ x, y }: { x: number; y: number }) => {
      let best = Number.POSITIVE_INFINITY;
      for (let ty = Math.floor(y) - 3; ty <= Math.floor(y) + 3; ty++)
        for (let tx = Math.floor(x) - 3; tx <= Math.floor(x) + 3; tx++)
          if (tileAt(yard, tx, ty) === Tile.Water)
            best = Math.min(
              best,
              Math.hypot(Math.max(tx - x, 0, x - tx - 1), Math.max(ty - y, 0, y - ty - 1)),
            );
      return best;
    };
    await openWithSave(page, 6, { dev: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await playing(page);
    const at = async () => {
      const text = (await page.getByTestId('yard-debug').textContent()) ?? '';
      return { x: Number(/x (-?[\d.]+)/.exec(text)?.[1]), y: Number(/y (-?[\d.]+)/.exec(text)?.[1]) };
    };
    await goRight(page, viewport.width === 360 ? 5 : 20);
    if (viewport.width === 360) {
      await expect.poll(async () => (await at()).x, { timeout: 60_000 }).toBeGreaterThan(SPAWN.x + 4.5);
      await goRight(page, 5);
    }
    await expect.poll(async () => toWater(await at()), { timeout: 60_000 }).toBeLessThan(1);
    await settledHud(page);
    // The gardener stops with the mower's reach (0.8 tiles) to spare: the mower is not on the water.
    const stopped = await at();
    expect(toWater(stopped), `stopped at ${stopped.x}, ${stopped.y}`).toBeGreaterThanOrEqual(0.8 - 0.01);
    await page.screenshot({ path: `test-results/screens/yardcore-pond-${viewport.width}.png` });
  });

  test(`${viewport.width}: Throw is disabled with a reason while there is no food; the double tap and R are said`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const w = viewport.width;
    await openWithSave(page, calmSeed(), { controlMode: 'joystick', dev: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await playing(page);
    const thrower = page.getByRole('button', { name: /^Throw/ });
    await expect(thrower).toBeDisabled();
    await expect(thrower).toHaveAccessibleDescription('No food: pick up a 🥪');
    await page.screenshot({ path: `test-results/screens/yardcore-joystick-nofood-${w}.png` });
    await page.getByRole('button', { name: 'Dev', exact: true }).click();
    await page.getByRole('button', { name: 'Food x5' }).click();
    await page.getByRole('button', { name: 'Dev', exact: true }).click();
    await expect(thrower).toBeEnabled();
    await expect(thrower).toHaveAccessibleName('Throw 🥪 × 5');
    await expect(thrower).toHaveAccessibleDescription('');
    await page.screenshot({ path: `test-results/screens/yardcore-joystick-food-${w}.png` });

    // The Paused card says that R restarts; tap to move says how to throw.
    await page.keyboard.press('Escape');
    const paused = page.getByTestId('yard-paused');
    await expect(paused).toContainText('R starts level 1 again');
    await page.screenshot({ path: `test-results/screens/yardcore-paused-${w}.png` });
    await paused.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('radio', { name: 'Tap to move' }).check();
    await page.screenshot({ path: `test-results/screens/yardcore-settings-${w}.png` });
    await page.keyboard.press('Escape');
    await paused.getByRole('button', { name: 'Resume' }).click();
    await playing(page);
    await expect(page.getByTestId('yard-throw-hint')).toHaveText('Double tap (or F) to throw 🥪');
    await expect(page.getByTestId('yard-throw-hint')).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `test-results/screens/yardcore-taphint-${w}.png` });
  });
}

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  test('tap to move mows on a phone; the menus fit the screen', async ({ page }) => {
    const calmSeed = findSeed((s) => s === Number.POSITIVE_INFINITY, 20);
    await openWithSave(page, calmSeed);
    const intro = page.getByTestId('yard-intro');
    await expect(intro).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: 'test-results/screens/yardcore-intro-360.png' });
    await intro.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('yard-cut')).toHaveText('0 / 100 mowed', { timeout: 60_000 });
    await playing(page);
    // Tap to the right of the player (the middle of the stage): the player walks there mowing.
    const stage = page.getByTestId('yard-stage');
    const box = (await stage.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width * 0.5 + 120, box.y + box.height * 0.5);
    await expect.poll(() => cutCount(page), { timeout: 60_000 }).toBeGreaterThan(1);
    await page.screenshot({ path: 'test-results/screens/yardcore-playing-360.png' });
  });
});
