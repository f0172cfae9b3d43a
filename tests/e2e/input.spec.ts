import { expect, type Locator, type Page, test } from '@playwright/test';
import { autopilot } from '../../src/games/lunar-lander/engine/autopilot.ts';
import { INPUT_LEFT, INPUT_RIGHT, INPUT_THRUST } from '../../src/games/lunar-lander/engine/constants.ts';
import { openOnPausedClock } from './clock-helpers.ts';
import { flyUntilDialog, holdFlightClock, untilFlying } from './lander-helpers.ts';
import { FIRST_LOAD } from './pageLoad.ts';
import { loopPoints } from './race-helpers.ts';
import { playheadSteps } from './synth-helpers.ts';
import { findSeed, mowsRight, openWithSave, playing } from './yard-helpers.ts';

/** A yard where nobody fights a player who stands still for 20 s, with grass to the right of the start. */
const calmYardWithGrassToTheRight = () =>
  findSeed((seconds) => seconds === Number.POSITIVE_INFINITY, 20, mowsRight);

/**
 * Every game played by keyboard alone and by touch alone at 360×640. The
 * keyboard tests reach each control with Tab and use it with Enter, Space or the game's
 * keys, never the mouse; the touch tests use touch taps and touch drags only (a phone:
 * hasTouch, isMobile). Draw & Race is drawn with a finger, so it has a touch test only.
 */

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 360, height: 640 } });

/** Presses Tab until `target` has focus (fails after `max` presses): the keyboard user's way there. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * One touch tap in the middle of the element, once it is visible, enabled and still, and
 * would itself receive the tap (Playwright's actionability checks): a tap at a box read a
 * moment earlier could land on whatever covers or replaces the element meanwhile.
 */
async function tap(target: Locator) {
  await target.tap();
}

/**
 * A one-finger drag through the points (page coordinates), sent as raw touch events. The
 * finger rests on the last point before it lifts, as a finger does: lifted at full speed,
 * Chrome takes the drag for a flick, and a tap within ~150 ms of it only stops the flick
 * and clicks nothing (a tap on Add Car right after the loop was lost 1 time in 4).
 */
async function touchDrag(page: Page, points: { x: number; y: number }[]) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [points[0]] });
  for (const p of points.slice(1))
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  await page.waitForTimeout(120);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [points[points.length - 1]] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Two touch taps back to back (a double tap), within the 300 ms window whatever the machine's speed. */
async function doubleTap(page: Page, x: number, y: number) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchEnd', touchPoints: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
  await Promise.all([
    touch('touchStart', [{ x, y }]),
    touch('touchEnd', []),
    touch('touchStart', [{ x, y }]),
    touch('touchEnd', []),
  ]);
  await cdp.detach();
}

const gravityStage = (page: Page) => page.getByTestId('gravity-stage');
const bodyCount = async (page: Page) => Number(await gravityStage(page).getAttribute('data-body-count'));

// ---------------------------------------------------------------- Lunar Lander helpers

/**
 * Flies level 1 under the engine's autopilot, on the flight's held clock (`openLander`
 * holds it), until the landing dialog: `hold` turns each input bit on or off (keys, or touch
 * on the hold buttons).
 */
async function landLevelOne(page: Page, hold: (bit: number, down: boolean) => Promise<void>) {
  await untilFlying(page);
  await flyUntilDialog(page, autopilot, hold, [INPUT_THRUST, INPUT_LEFT, INPUT_RIGHT]);
  await expect(page.getByRole('dialog', { name: 'Touchdown!' })).toContainText('Level 1 cleared');
}

/** The intro, with the flight's clock held: the lander moves only as the test steps it. */
async function openLander(page: Page) {
  await page.goto('/lunar-lander');
  await expect(page.getByRole('dialog', { name: 'Lunar Lander' })).toBeVisible(FIRST_LOAD);
  await holdFlightClock(page);
}

const openWhacOnFakeTime = (page: Page) =>
  openOnPausedClock(page, '/whac-a-moji', (p) => p.getByRole('heading', { name: 'How to play' }));

// ---------------------------------------------------------------- keyboard

test.describe('keyboard alone', () => {
  test('Gravity: add a planet, select bodies, edit one', async ({ page }) => {
    await page.goto('/gravity?preset=hot-jupiter');
    await expect.poll(() => bodyCount(page)).toBe(4);
    await tabTo(page, page.getByRole('button', { name: '+ Planet' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => bodyCount(page)).toBe(5);
    const details = page.getByRole('region', { name: 'Object details' });
    await expect(details).toContainText('Planet');
    await tabTo(page, page.getByRole('button', { name: 'Select next body' }));
    await page.keyboard.press('Enter');
    const first = await page.getByTestId('gravity-live').textContent();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('gravity-live')).not.toHaveText(first ?? '');
    await expect(page.getByTestId('gravity-live')).toContainText('Selected:');
    // Pause, then edit the selected body's mass with the keyboard.
    await tabTo(page, page.getByRole('button', { name: /Pause/ }));
    await page.keyboard.press('Enter');
    const mass = details.getByLabel('Mass');
    await tabTo(page, mass);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('321');
    await page.keyboard.press('Tab');
    await expect(mass).toHaveValue('321');
    await page.screenshot({ path: 'test-results/input-screens/gravity-keyboard-360.png', fullPage: true });
  });

  test('Whac-a-Moji: start and whack moles', async ({ page }) => {
    await openWhacOnFakeTime(page);
    await tabTo(page, page.getByRole('button', { name: 'Start Game' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Start Round' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: '3 by 3 grid' })).toBeVisible();
    const up = page.locator('.whac-cell[data-state="up"]');
    let hits = 0;
    for (let step = 0; step < 400 && hits < 3; step++) {
      if (await up.count()) {
        await tabTo(page, up.first(), 20);
        await page.keyboard.press('Enter');
        hits++;
      }
      await page.clock.runFor(100);
    }
    expect(hits).toBe(3);
    await expect(page.getByTestId('whac-score')).not.toHaveText('0');
  });

  test('Lunar Lander: start with Enter and land with the arrow keys', async ({ page }) => {
    await openLander(page);
    // The intro's Start mission button has focus.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Flight data' })).toBeVisible();
    const keyOf: Record<number, string> = {
      [INPUT_THRUST]: 'ArrowUp',
      [INPUT_LEFT]: 'ArrowLeft',
      [INPUT_RIGHT]: 'ArrowRight',
    };
    await landLevelOne(page, (bit, down) =>
      down ? page.keyboard.down(keyOf[bit]!) : page.keyboard.up(keyOf[bit]!),
    );
  });

  test('Synth Loops: build a pattern and play it', async ({ page }) => {
    await page.goto('/synth');
    await tabTo(page, page.getByRole('button', { name: 'Clear' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Step 1', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    for (const step of [1, 5, 9]) {
      const pad = page.getByRole('button', { name: `Step ${step}`, exact: true });
      await tabTo(page, pad);
      await page.keyboard.press('Space');
      await expect(pad).toHaveAttribute('aria-pressed', 'true');
    }
    await tabTo(page, page.getByRole('button', { name: 'Play', exact: true }));
    await page.keyboard.press('Enter');
    await expect.poll(() => playheadSteps(page)).toHaveLength(1);
  });

  test('Crit Happens: pick dice and roll', async ({ page }) => {
    await page.goto('/crit-happens');
    await expect(page.getByTestId('crit-arena').locator('canvas')).toBeVisible({ timeout: 30_000 });
    // On a phone the dice live in a drawer.
    await tabTo(page, page.getByRole('button', { name: /Dice$/ }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Add a d20', exact: true }));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Add a d20', exact: true })).toBeHidden();
    await tabTo(page, page.getByRole('button', { name: 'Roll', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('crit-total')).toContainText('Total', { timeout: 30_000 });
  });

  test('Yardcore: start, walk and mow with the arrow keys', async ({ page }) => {
    // New Game draws a random yard, where walking right may meet a fence or a fight:
    // Continue opens a saved one known to have grass to the right.
    await openWithSave(page, calmYardWithGrassToTheRight());
    await tabTo(page, page.getByTestId('yard-intro').getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('yard-live')).toContainText('Score 0.', { timeout: 30_000 });
    await playing(page);
    await page.keyboard.down('ArrowRight');
    await expect(page.getByTestId('yard-live')).toContainText(/Score [1-9]\d*\./, { timeout: 30_000 });
    await page.keyboard.up('ArrowRight');
  });
});

// ---------------------------------------------------------------- touch

test.describe('touch alone', () => {
  test.use({ hasTouch: true, isMobile: true });

  test('Gravity: double tap adds a planet, a tap selects the star, edit it', async ({ page }) => {
    await page.goto('/gravity?preset=hot-jupiter');
    await expect.poll(() => bodyCount(page)).toBe(4);
    await tap(page.getByRole('button', { name: /Pause/ }));
    const canvas = gravityStage(page).locator('canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await doubleTap(page, box.x + box.width * 0.12, box.y + box.height * 0.12);
    await expect.poll(() => bodyCount(page)).toBe(5);
    await expect(page.getByTestId('gravity-live')).toContainText('Selected: Planet');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByTestId('gravity-live')).toContainText('Selected: Star #1');
    const mass = page.getByRole('region', { name: 'Object details' }).getByLabel('Mass');
    await tap(mass);
    await expect(mass).toBeFocused();
    // What the phone's on-screen keyboard sends.
    await mass.selectText();
    await page.keyboard.insertText('1500');
    await tap(page.getByRole('heading', { name: 'Gravity Simulator' }));
    await expect(mass).toHaveValue('1500');
  });

  test('Whac-a-Moji: tap to start and hit moles', async ({ page }) => {
    await openWhacOnFakeTime(page);
    await tap(page.getByRole('button', { name: 'Start Game' }));
    await tap(page.getByRole('button', { name: 'Start Round' }));
    await expect(page.getByRole('region', { name: '3 by 3 grid' })).toBeVisible();
    const up = page.locator('.whac-cell[data-state="up"]');
    let hits = 0;
    for (let step = 0; step < 400 && hits < 3; step++) {
      if (await up.count()) {
        await tap(up.first());
        hits++;
      }
      await page.clock.runFor(100);
    }
    expect(hits).toBe(3);
    await expect(page.getByTestId('whac-score')).not.toHaveText('0');
  });

  test('Lunar Lander: land with the touch buttons', async ({ page }) => {
    await openLander(page);
    await tap(page.getByRole('button', { name: 'Start mission' }));
    await expect(page.getByRole('region', { name: 'Flight data' })).toBeVisible();
    const centreOf: Record<number, { x: number; y: number }> = {};
    for (const [bit, name] of [
      [INPUT_THRUST, 'Main engine'],
      [INPUT_LEFT, 'Left thruster'],
      [INPUT_RIGHT, 'Right thruster'],
    ] as const) {
      const box = (await page.getByRole('button', { name }).boundingBox())!;
      centreOf[bit] = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }
    // Holding a button is a finger resting on it; several fingers at once (multi-touch).
    const cdp = await page.context().newCDPSession(page);
    const fingers = new Set<number>();
    await landLevelOne(page, async (bit, down) => {
      if (down) fingers.add(bit);
      else fingers.delete(bit);
      const touchPoints = [...fingers].map((b) => ({ ...centreOf[b]!, id: b }));
      if (down) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints });
        return;
      }
      // Lifting one finger: all lift, and the others go straight back down (a press
      // shorter than a tick still reaches one, so the lander never sees the gap).
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      if (touchPoints.length) await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints });
    });
    await cdp.detach();
  });

  test('Synth Loops: tap a pattern and play it', async ({ page }) => {
    await page.goto('/synth');
    await tap(page.getByRole('button', { name: 'Clear' }));
    await expect(page.getByRole('button', { name: 'Step 1', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    for (const step of [1, 5, 9]) {
      const pad = page.getByRole('button', { name: `Step ${step}`, exact: true });
      await tap(pad);
      await expect(pad).toHaveAttribute('aria-pressed', 'true');
    }
    await tap(page.getByRole('button', { name: 'Play', exact: true }));
    await expect.poll(() => playheadSteps(page)).toHaveLength(1);
  });

  test('Crit Happens: tap dice and roll', async ({ page }) => {
    await page.goto('/crit-happens');
    await expect(page.getByTestId('crit-arena').locator('canvas')).toBeVisible({ timeout: 30_000 });
    // On a phone the dice live in a drawer; a tap beside it closes it.
    await tap(page.getByRole('button', { name: /Dice$/ }));
    await tap(page.getByRole('button', { name: 'Add a d20', exact: true }));
    const scrim = (await page.getByRole('button', { name: 'Close drawers' }).boundingBox())!;
    await page.touchscreen.tap(scrim.x + scrim.width - 12, scrim.y + scrim.height / 2);
    await expect(page.getByRole('button', { name: 'Add a d20', exact: true })).toBeHidden();
    await tap(page.getByRole('button', { name: 'Roll', exact: true }));
    await expect(page.getByTestId('crit-total')).toContainText('Total', { timeout: 30_000 });
  });

  test('Yardcore: tap to walk and mow', async ({ page }) => {
    await openWithSave(page, calmYardWithGrassToTheRight());
    await tap(page.getByTestId('yard-intro').getByRole('button', { name: 'Continue' }));
    await expect(page.getByTestId('yard-live')).toContainText('Score 0.', { timeout: 30_000 });
    await playing(page);
    const box = (await page.getByTestId('yard-stage').boundingBox())!;
    // Tap to move: a spot to the right of the player.
    await page.touchscreen.tap(box.x + box.width * 0.9, box.y + box.height * 0.5);
    await expect(page.getByTestId('yard-live')).toContainText(/Score [1-9]\d*\./, { timeout: 30_000 });
  });

  test('Draw & Race: draw a loop with a finger, add a car, start', async ({ page }) => {
    await page.goto('/race');
    const stage = page.getByTestId('race-stage');
    await expect(stage).toHaveAttribute('data-ready', 'true');
    await tap(page.getByRole('region', { name: 'Draw & Race' }).getByRole('button', { name: 'Start' }));
    const box = (await stage.boundingBox())!;
    await touchDrag(page, loopPoints(box, { segments: 80 }));
    await expect(stage).toHaveAttribute('data-finalized', 'true');
    await tap(page.getByRole('button', { name: /Add Car/ }));
    await expect(stage).toHaveAttribute('data-cars', '1');
    await tap(page.getByRole('button', { name: /Start$/ }));
    await expect(stage).toHaveAttribute('data-phase', /countdown|running/);
  });
});
