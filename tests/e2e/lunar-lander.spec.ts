import { expect, type Page, test } from '@playwright/test';
import { autopilot, type PilotView } from '../../src/games/lunar-lander/engine/autopilot.ts';
import { INPUT_LEFT, INPUT_RIGHT, INPUT_THRUST } from '../../src/games/lunar-lander/engine/constants.ts';
import { expectNoSeriousA11yViolations } from './a11y-helpers.ts';
import { changedRegion, fractionBrighter, shootCanvasAlone } from './canvas-helpers.ts';
import { flyUntilDialog, holdFlightClock, readPilotView, stepFlight, untilFlying } from './lander-helpers.ts';

/**
 * Lunar Lander end to end against the real server: the test flies the lander with real
 * key presses. The engine runs in its worker, which Playwright's fake clock does not reach,
 * so the test holds the worker's own clock (e2e builds) and steps it 200 ms at a time (100 ms
 * near the ground); between steps the pilot reads the HUD's flight data and holds keys (an
 * engine-derived autopilot, closed loop). The scene keeps drawing in real time.
 */

test.describe.configure({ timeout: 300_000 });

const SHOTS = 'test-results/lander-screens';
const KEYS: [number, string][] = [
  [INPUT_THRUST, 'ArrowUp'],
  [INPUT_LEFT, 'ArrowLeft'],
  [INPUT_RIGHT, 'ArrowRight'],
];

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    // Offline machines cannot reach the display-font service; that failure is not ours.
    if (msg.type() === 'error' && !msg.text().includes('ERR_NAME_NOT_RESOLVED')) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Moves the held game clock on `ms`. */
const advance = (page: Page, ms: number) => stepFlight(page, ms);

const keyOf = new Map(KEYS);

/** Holds keys per the pilot until a dialog (landed / crashed / game over) opens. */
async function fly(page: Page, pilot: (view: PilotView) => number) {
  await flyUntilDialog(
    page,
    pilot,
    (bit, down) => (down ? page.keyboard.down(keyOf.get(bit)!) : page.keyboard.up(keyOf.get(bit)!)),
    KEYS.map(([bit]) => bit),
  );
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 30_000 });
}

/** Flying: the run ticket came (the HUD shows while it is asked for) and the first attempt is on. */
async function flying(page: Page) {
  await untilFlying(page);
  await expect(page.getByTestId('lander-live')).toContainText(/^Level 1\. Score 0\. 3 lives left\./);
}

async function startMission(page: Page, shotName?: string) {
  const intro = page.getByRole('dialog', { name: 'Lunar Lander' });
  await page.goto('/lunar-lander');
  await expect(intro.getByRole('heading', { name: 'High Scores' })).toBeVisible();
  await holdFlightClock(page);
  await expect(intro.getByRole('region', { name: 'Controls' })).toContainText('side thrusters');
  if (shotName) await page.screenshot({ path: `${SHOTS}/${shotName}` });
  await intro.getByRole('button', { name: 'Start mission' }).click();
  await expect(page.getByRole('region', { name: 'Flight data' })).toBeVisible();
  await flying(page);
}

/** Lands level 1, then drops the lander three times: game over at level 2. */
async function playToGameOver(page: Page, shots: string | null) {
  await fly(page, autopilot);
  const landed = page.getByRole('dialog', { name: 'Touchdown!' });
  await expect(landed).toBeVisible();
  await expect(landed).toContainText('Level 1 cleared');
  await expect(page.getByTestId('hud-level')).toHaveText('2');
  if (shots) await page.screenshot({ path: `${SHOTS}/${shots}-landed.png` });
  await landed.getByRole('button', { name: 'Next level' }).click();
  await untilFlying(page);

  for (let life = 3; life >= 1; life--) {
    await fly(page, () => 0);
    if (life > 1) {
      const crashed = page.getByRole('dialog', { name: 'Crashed!' });
      await expect(crashed).toContainText(`${life - 1} ${life - 1 === 1 ? 'life' : 'lives'} left`);
      if (shots && life === 3) {
        await page.waitForTimeout(300); // let the explosion bloom (the scene's, in real time)
        await page.screenshot({ path: `${SHOTS}/${shots}-crashed.png` });
      }
      await crashed.getByRole('button', { name: 'Try again' }).click();
    }
  }
  const over = page.getByRole('dialog', { name: 'Game over' });
  await expect(over).toBeVisible();
  await expect(over.getByTestId('final-level')).toHaveText('2');
  const score = Number(await over.getByTestId('final-score').textContent());
  expect(score).toBeGreaterThan(100);
  return { over, score };
}

test('anonymous pilot lands, crashes to game over and posts an unverified score', async ({ page }) => {
  const errors = watchConsole(page);
  // Start mission unlocks audio: the engine loop (assets/sounds/lunar-lander, bundled) is fetched.
  const thrustSound = page.waitForResponse((r) =>
    /^\/assets\/thrust-[^/]+\.wav$/.test(new URL(r.url()).pathname),
  );
  await startMission(page, 'desktop-intro.png');
  const response = await thrustSound;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^audio\//);
  await page.screenshot({ path: `${SHOTS}/desktop-playing.png` });
  const { over, score } = await playToGameOver(page, 'desktop');

  await expect(over.getByText(`Your score: ${score}`)).toBeVisible();
  await over.getByLabel('Your name').fill('Anon Pilot');
  await page.screenshot({ path: `${SHOTS}/desktop-gameover.png` });
  await expectNoSeriousA11yViolations(page, 'Lunar Lander game over with the submit form');
  await over.getByRole('button', { name: 'Submit' }).click();
  await expect(over.getByRole('status').filter({ hasText: 'You placed #' })).toBeVisible();
  const row = over.getByRole('listitem').filter({ hasText: 'Anon Pilot' });
  await expect(row).toContainText(String(score));
  await expect(row.getByText('You')).toHaveCount(0);
  await expect(row.getByRole('img', { name: 'Verified' })).toHaveCount(0);

  await over.getByRole('button', { name: 'Play again' }).click();
  await expect(page.getByRole('region', { name: 'Flight data' })).toBeVisible();
  await expect(page.getByTestId('hud-level')).toHaveText('1');
  expect(errors).toEqual([]);
});

test('signed-in pilot posts a run the server replays and verifies', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/api/account/dev_login.php?as=user&redirect=/lunar-lander');
  await expect(page).toHaveURL(/\/lunar-lander$/);
  await startMission(page);
  const { over, score } = await playToGameOver(page, null);

  // The name is prefilled from the account.
  await expect(over.getByLabel('Your name')).not.toHaveValue('');
  await over.getByRole('button', { name: 'Submit' }).click();
  await expect(over.getByText('Run verified by replay on the server.')).toBeVisible();
  await expect(over.getByRole('status').filter({ hasText: '✓ Verified' })).toBeVisible();
  const mine = over.locator('.leaderboard__row--mine');
  await expect(mine).toContainText(String(score));
  await expect(mine.getByText('You', { exact: true })).toBeVisible();
  await expect(mine.getByRole('img', { name: 'Verified' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desktop-verified.png` });
  expect(errors).toEqual([]);
});

test("a verified run flies again as a ghost; the #1 toggle adds the board's best", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/api/account/dev_login.php?as=user&redirect=/lunar-lander');
  await expect(page).toHaveURL(/\/lunar-lander$/);
  await startMission(page);
  const { over } = await playToGameOver(page, null);
  await over.getByRole('button', { name: 'Submit' }).click();
  await expect(over.getByText('Run verified by replay on the server.')).toBeVisible();

  // Level 1 again: the verified run's landing flies beside the new attempt.
  const lookup = page.waitForResponse((r) => r.url().includes('/api/scores/ghosts.php?'));
  await over.getByRole('button', { name: 'Play again' }).click();
  await expect(page.getByTestId('hud-level')).toHaveText('1');
  await flying(page);
  expect((await lookup).status()).toBe(200);
  const ghosts = page.getByRole('list', { name: 'Ghosts' });
  await expect(ghosts.getByRole('listitem')).toHaveCount(1);
  await expect(ghosts).toContainText('Best ghost:');
  const toggle = page.getByRole('button', { name: '#1 ghost' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await advance(page, 1500);
  await page.screenshot({ path: `${SHOTS}/ghost-desktop.png` });

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(ghosts.getByRole('listitem')).toHaveCount(2);
  await expect(ghosts).toContainText('#1 ghost:');
  expect(await page.evaluate(() => localStorage.getItem('lunar-lander:ghosts'))).toContain('"showTop":true');
  await advance(page, 500);
  await page.screenshot({ path: `${SHOTS}/ghost-top-desktop.png` });
  await page.setViewportSize({ width: 360, height: 640 });
  await advance(page, 500);
  await expect(toggle).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ghost-phone.png` });

  await expectNoSeriousA11yViolations(page, 'Lunar Lander playing with ghosts');
  expect(errors).toEqual([]);
});

test('offline: the game plays with no ghost and no error', async ({ page, context }) => {
  // Offline the browser itself logs each request it could not send (the run ticket, the
  // sounds: this spec has no service worker); anything else would be ours.
  const errors = watchConsole(page);
  const ghostCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/scores\/(ghosts|run)\.php/.test(r.url())) ghostCalls.push(r.url());
  });
  const intro = page.getByRole('dialog', { name: 'Lunar Lander' });
  await page.goto('/lunar-lander');
  await expect(intro).toBeVisible();
  await holdFlightClock(page);
  // The network goes once the game has loaded (its workers' code included), as a player's
  // would on a train after opening the page: what is fetched later must not be missed.
  await expect(page.locator('canvas[data-scene="started"]')).toHaveCount(1, { timeout: 30_000 });
  await context.setOffline(true);
  await intro.getByRole('button', { name: 'Start mission' }).click();
  await expect(page.getByRole('region', { name: 'Flight data' })).toBeVisible();
  await flying(page);
  await advance(page, 1000);
  await expect(page.getByRole('list', { name: 'Ghosts' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '#1 ghost' })).toBeVisible();
  await context.setOffline(false);
  expect(ghostCalls).toEqual([]);
  expect(errors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
});

test('game over at level 1 offers no submission; mute toggle persists', async ({ page }) => {
  await startMission(page);
  for (let i = 0; i < 3; i++) {
    await fly(page, () => 0);
    const crashed = page.getByRole('dialog', { name: 'Crashed!' });
    if (i < 2) await crashed.getByRole('button', { name: 'Try again' }).click();
  }
  const over = page.getByRole('dialog', { name: 'Game over' });
  await expect(over.getByText('Land at least once to post a score.')).toBeVisible();
  await expect(over.getByLabel('Your name')).toHaveCount(0);

  const mute = page.getByRole('button', { name: 'Mute sound' });
  await mute.click();
  await expect(page.getByRole('button', { name: 'Unmute sound' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  // The reload starts Pixi and the sounds again, which can take a busy machine past 10 s.
  await expect(page.getByRole('button', { name: 'Unmute sound' })).toBeVisible({ timeout: 30_000 });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('touch controls fly the lander; screens fit a phone', async ({ page }) => {
    const errors = watchConsole(page);
    await startMission(page, 'phone-intro.png');
    const thrust = page.getByRole('button', { name: 'Main engine' });
    await expect(thrust).toBeVisible();
    await expect(page.getByRole('button', { name: 'Left thruster' })).toBeVisible();
    const before = await readPilotView(page);
    await thrust.dispatchEvent('pointerdown', { pointerId: 1, isPrimary: true });
    await advance(page, 1000);
    await thrust.dispatchEvent('pointerup', { pointerId: 1, isPrimary: true });
    await advance(page, 100);
    // The main engine pushed up (the readout of the step's end comes a moment later).
    await expect.poll(async () => (await readPilotView(page)).vy).toBeGreaterThan(before.vy);
    await page.screenshot({ path: `${SHOTS}/phone-playing.png` });
    await playToGameOver(page, 'phone');
    await page.screenshot({ path: `${SHOTS}/phone-gameover.png` });
    expect(errors).toEqual([]);
  });
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  for (const render of ['worker', 'main'] as const) {
    test(`the sky behind the menu holds still: no twinkling stars, no blinking lights (${render === 'main' ? '?render=main' : 'render worker'})`, async ({
      page,
    }) => {
      const errors = watchConsole(page);
      await page.goto(render === 'main' ? '/lunar-lander?render=main' : '/lunar-lander');
      const stage = page.getByTestId('lander-stage');
      await expect(stage).toHaveAttribute('data-render', render, { timeout: 20_000 });
      const canvas = stage.locator('canvas');
      await expect(canvas).toHaveAttribute('data-scene', 'started', { timeout: 20_000 });
      // Drawn (stars and the lit moon: a blank canvas has nothing brighter than the sky).
      await expect
        .poll(async () => fractionBrighter(await shootCanvasAlone(canvas), 90), { timeout: 30_000 })
        .toBeGreaterThan(0.02);
      // Past the camera's first glide on a narrow screen; then nothing may change.
      await page.waitForTimeout(1500);
      const first = await shootCanvasAlone(canvas);
      await page.waitForTimeout(2500);
      const second = await shootCanvasAlone(canvas, `${SHOTS}/reduced-motion-${render}.png`);
      expect(changedRegion(first, second), 'the menu sky changed between two shots 2.5 s apart').toBe(
        'no pixel changed',
      );
      expect(errors).toEqual([]);
    });
  }
});
