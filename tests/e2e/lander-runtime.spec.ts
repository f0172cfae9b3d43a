import { expect, type Locator, type Page, test } from '@playwright/test';
import { crashWorker, fractionBrighter, shootCanvasAlone } from './canvas-helpers.ts';
import { readPilotView } from './lander-helpers.ts';
import { watchConsole } from './watchConsole.ts';

/**
 * Lunar Lander on the game runtime: the engine and its ghosts in the physics worker, the
 * scene drawn from its render worker by default and from the page's thread with
 * `?render=main`, played the same both ways in real time (thrust, crashes, the game-over
 * dialog with its score); and a worker that crashes shows its message and a Restart that
 * carries on from the game the page kept (the same level, lives and score).
 */

test.describe.configure({ timeout: 180_000 });
// Software WebGL fills every pixel on the CPU: on the page's thread (`?render=main`) a
// desktop-sized sky takes most of a second a frame on a loaded test machine, and the page
// answers the test that slowly. A small window keeps both ways quick.
test.use({ viewport: { width: 640, height: 480 } });

/** The live region while flying (not a dialog's "Crashed! …", which ends the same way). */
const flyingWith = (lives: string) => new RegExp(`^Level 1\\. Score 0\\. ${lives} left\\.`);

const stage = (page: Page) => page.getByTestId('lander-stage');
const canvas = (page: Page) => stage(page).locator('canvas');
const live = (page: Page) => page.getByTestId('lander-live');

/**
 * The part of the canvas brighter than the night sky: stars, the lit terrain and the
 * platform (as canvas-redraw judges the lander). The menu and the HUD over the canvas are
 * hidden for the shot: their white text alone passed for a drawn moon.
 */
async function drawn(target: Locator): Promise<number> {
  return fractionBrighter(await shootCanvasAlone(target), 90);
}
/** A canvas with its moon on it: about 6 % of it is brighter than the sky; a blank one, 0. */
const MOON_DRAWN = 0.02;

/** With `holdThrust`, the main engine's key goes down before Start mission (see thrust). */
async function startMission(page: Page, mode: 'worker' | 'main', holdThrust = false) {
  await page.goto(`/lunar-lander${mode === 'main' ? '?render=main' : ''}`);
  await expect(stage(page)).toHaveAttribute('data-render', mode);
  await expect(canvas(page)).toBeVisible({ timeout: 20_000 });
  // The intro's landscape is drawn behind the menu.
  await expect.poll(() => drawn(canvas(page)), { timeout: 30_000 }).toBeGreaterThan(MOON_DRAWN);
  if (holdThrust) await page.keyboard.down('ArrowUp');
  await page
    .getByRole('dialog', { name: 'Lunar Lander' })
    .getByRole('button', { name: 'Start mission' })
    .click();
  await expect(page.getByRole('region', { name: 'Flight data' })).toBeVisible();
  // Flying once the run ticket came (the HUD shows while it is asked for).
  await expect(live(page)).toHaveText(flyingWith('3 lives'), { timeout: 15_000 });
}

/**
 * With the main engine's key already down since before the flight started, waits until it
 * has burnt fuel and lifted the lander, then lets go. Pressed after "flying" instead, the
 * key would race the fall: the lander reaches the ground in about 3 s of real time, less
 * than a loaded machine can take before the test's next key press (a flight starts with the
 * keys held).
 */
async function thrust(page: Page, shot?: string) {
  const before = await readPilotView(page);
  await expect(live(page)).toContainText(/Fuel [1-9]0\./, { timeout: 20_000 });
  // 100 ticks of burn lift the lander 27 units, about the room between its start and the
  // ceiling: it is either still climbing or held at the ceiling (vy 0), never falling, which
  // 100 ticks without the engine would have it do at 0.35 units a tick.
  const after = await readPilotView(page);
  expect(after.height).toBeGreaterThanOrEqual(before.height);
  expect(after.vy).toBeGreaterThanOrEqual(0);
  if (after.vy > 0) expect(after.height).toBeGreaterThan(before.height);
  if (shot) await page.screenshot({ path: shot });
  await page.keyboard.up('ArrowUp');
}

/** No input: the lander falls and crashes; the dialog says so. */
async function crash(page: Page, dialog: string) {
  await expect(page.getByRole('dialog', { name: dialog })).toBeVisible({ timeout: 30_000 });
}

for (const mode of ['worker', 'main'] as const) {
  test(`Lunar Lander plays with its scene drawn ${mode === 'worker' ? 'in its render worker' : 'on the page (?render=main)'}`, async ({
    page,
  }) => {
    const watch = watchConsole(page);
    await startMission(page, mode, true);
    // The main engine pushes up.
    await thrust(page, `test-results/lander-runtime/${mode}-thrust.png`);

    // Three crashes: game over at level 1, with the final score and no submission.
    for (let life = 3; life >= 1; life--) {
      if (life > 1) {
        await crash(page, 'Crashed!');
        const crashed = page.getByRole('dialog', { name: 'Crashed!' });
        await expect(crashed).toContainText(`${life - 1} ${life - 1 === 1 ? 'life' : 'lives'} left`);
        if (life === 3) await page.screenshot({ path: `test-results/lander-runtime/${mode}-crashed.png` });
        await crashed.getByRole('button', { name: 'Try again' }).click();
        await expect(live(page)).toHaveText(flyingWith(`${life - 1} ${life - 1 === 1 ? 'life' : 'lives'}`));
      }
    }
    await crash(page, 'Game over');
    const over = page.getByRole('dialog', { name: 'Game over' });
    await expect(over.getByTestId('final-level')).toHaveText('1');
    await expect(over.getByTestId('final-score')).toHaveText('0');
    await expect(over.getByText('Land at least once to post a score.')).toBeVisible();
    await page.screenshot({ path: `test-results/lander-runtime/${mode}-gameover.png` });
    // Play again: a new game flies.
    await over.getByRole('button', { name: 'Play again' }).click();
    await expect(live(page)).toHaveText(flyingWith('3 lives'));
    expect(watch.errors).toEqual([]);
  });
}

for (const [label, mode] of [
  ['The flight', 'worker'],
  ['The drawing of the flight', 'worker'],
  ['The flight', 'main'],
] as const) {
  test(`${label} (${mode}) crashes on purpose: the page says so, and Restart carries on with the same game`, async ({
    page,
  }) => {
    await startMission(page, mode);
    // Stopped while the crash dialog is up: the restarted game is the same one, a life down.
    await crash(page, 'Crashed!');
    await crashWorker(page, label, () =>
      page.screenshot({ path: `test-results/lander-runtime/${mode}-stopped.png` }).then(() => {}),
    );
    await expect(live(page)).toContainText('Crashed! Level 1. Score 0. 2 lives left.');
    // Still playable: thrust works, and the next crash costs the second life.
    await page.keyboard.down('ArrowUp');
    await page.getByRole('dialog', { name: 'Crashed!' }).getByRole('button', { name: 'Try again' }).click();
    await expect(live(page)).toHaveText(flyingWith('2 lives'));
    await thrust(page);
    await expect.poll(() => drawn(canvas(page)), { timeout: 30_000 }).toBeGreaterThan(MOON_DRAWN);
    await crash(page, 'Crashed!');
    await expect(page.getByRole('dialog', { name: 'Crashed!' })).toContainText('1 life left');

    // Stopped in flight: Restart puts the lander back at the top of the level, lives kept.
    await page.getByRole('dialog', { name: 'Crashed!' }).getByRole('button', { name: 'Try again' }).click();
    await expect(live(page)).toHaveText(flyingWith('1 life'));
    // The key held while the message is up flies the resumed flight from its start.
    await crashWorker(page, label, () => page.keyboard.down('ArrowUp'));
    await thrust(page);
    await crash(page, 'Game over');
  });
}
