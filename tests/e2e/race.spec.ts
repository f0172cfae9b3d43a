import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y-helpers.ts';
import { decodePng, fractionTransparent } from './canvas-helpers.ts';
import { FIRST_LOAD } from './pageLoad.ts';
import { drawLoop } from './race-helpers.ts';
import { watchConsole } from './watchConsole.ts';

/**
 * Draw & Race end to end: the real build, the race in its Comlink worker, Pixi drawing
 * through Chromium's software WebGL, the real tracks API. The stage carries read-only data
 * attributes (phase, car count, finalized, track id) for the checks.
 */

const SHOTS = 'test-results/race-screens';
const stage = (page: Page) => page.getByTestId('race-stage');

async function open(page: Page, path = '/race') {
  await page.goto(path);
  await expect(stage(page)).toHaveAttribute('data-ready', 'true', FIRST_LOAD);
  await expect(stage(page).locator('canvas')).toBeVisible();
}

async function setLaps(page: Page, laps: number) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const value = dialog.getByTestId('race-laps');
  for (let n = Number(await value.textContent()); n > laps; n--) {
    await dialog.getByRole('button', { name: 'Fewer laps' }).click();
    await expect(value).toHaveText(String(n - 1));
  }
  await expect(value).toHaveText(String(laps));
  await expect(dialog.getByRole('button', { name: 'Fewer laps' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Done' }).click();
}

/** An old share id: base64 JSON {v: 1, p: points, b: brush} of an ellipse. */
function legacyTrackId(): string {
  return Buffer.from(
    JSON.stringify({
      v: 1,
      p: Array.from({ length: 36 }, (_, i) => [
        400 + 250 * Math.cos((i / 36) * Math.PI * 2),
        300 + 200 * Math.sin((i / 36) * Math.PI * 2),
      ]),
      b: 40,
    }),
  ).toString('base64');
}

/** The banner's text at the top of the track. */
const banner = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test.describe('Draw & Race', () => {
  test('draw a loop, add 3 cars, count down, race one lap, see the results, start over on a new track', async ({
    page,
  }) => {
    // A whole race plus share and screenshot: on a busy 2-core machine it can pass 60 s.
    test.slow();
    const watch = watchConsole(page);
    await open(page);
    await expect(page.getByRole('heading', { name: 'Draw & Race!' })).toBeVisible();
    const intro = page.getByRole('region', { name: 'Draw & Race' });
    await expect(intro.getByRole('listitem')).toHaveText([
      'Draw a closed-loop road (one stroke).',
      'Add at least one car.',
      'Press Start to race!',
    ]);
    await page.screenshot({ path: `${SHOTS}/desktop-intro.png` });
    await intro.getByRole('button', { name: 'Start' }).click();

    // Add Car is shown disabled before the track is drawn, and a tap on it says why.
    await expect(page.getByRole('button', { name: /Add Car/ })).toBeDisabled();
    await page.getByRole('button', { name: /Add Car/ }).click({ force: true });
    await expect(
      page.getByRole('status').filter({ hasText: 'Cannot add car: track must be drawn first' }),
    ).toBeVisible();

    // Brush − / + change the width before drawing.
    const brush = page.getByRole('group', { name: 'Brush size' }).locator('output');
    await expect(brush).toHaveText('46');
    await page.getByRole('button', { name: 'Bigger brush' }).click();
    await expect(brush).toHaveText('48');
    await page.getByRole('button', { name: 'Smaller brush' }).click();
    await expect(brush).toHaveText('46');

    await drawLoop(page, stage(page), 0.5, 0.5, 0.24);
    await expect(page.getByRole('button', { name: 'Smaller brush' })).toBeDisabled();
    await expect(page.getByRole('button', { name: /Start$/ })).toBeDisabled();
    for (let i = 1; i <= 3; i++) {
      await page.getByRole('button', { name: /Add Car/ }).click();
      await expect(stage(page)).toHaveAttribute('data-cars', String(i));
    }
    await expect(page.getByRole('region', { name: 'Ranking' }).getByRole('listitem')).toHaveCount(3);
    await page.getByRole('button', { name: 'Next car', exact: true }).click();
    await expect(page.getByRole('button', { name: /Your car: Car 2/ })).toBeVisible();
    await setLaps(page, 1);

    // Every text the countdown shows, in order (each stays a second: a busy machine may miss some frames).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { countdownSeen: string[] }).countdownSeen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('.race-countdown')?.textContent ?? '';
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: /Start$/ }).click();
    await expect(page.locator('.race-countdown')).toHaveText(/^[321]$/);
    await expect(stage(page)).toHaveAttribute('data-phase', 'countdown');
    await expect(stage(page)).toHaveAttribute('data-phase', 'running', { timeout: 6000 });
    await page.screenshot({ path: `${SHOTS}/desktop-racing.png` });

    const results = page.getByRole('region', { name: 'Race Results' });
    await expect(results).toBeVisible({ timeout: 40_000 });
    await expect(results.getByRole('listitem')).toHaveCount(3);
    await expect(results).toContainText('Winner');
    await expect(results).toContainText('2nd');
    await expect(results).toContainText('3rd');
    await expect(page.getByRole('region', { name: 'Ranking' })).toContainText('1/1');
    expect(
      await page.evaluate(() => (window as unknown as { countdownSeen: string[] }).countdownSeen),
    ).toEqual(['3', '2', '1', 'GO!']);
    await page.screenshot({ path: `${SHOTS}/desktop-results.png` });
    await expectNoSeriousA11yViolations(page, 'Draw & Race results');

    // The screenshot button saves a PNG of what the screen shows: opaque, at the stage's size.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Screenshot' }).click();
    expect((await download).suggestedFilename()).toBe('draw-and-race.png');
    const png = decodePng(await readFile(await (await download).path()));
    const box = (await stage(page).boundingBox())!;
    expect({ width: png.width, height: png.height }).toEqual({
      width: Math.round(box.width),
      height: Math.round(box.height),
    });
    expect(fractionTransparent(png)).toBe(0);
    // The lawn's green at a corner, as on screen.
    expect(png.data[1]).toBeGreaterThan(png.data[0]);

    await results.getByRole('button', { name: 'Race again' }).click();
    await expect(stage(page)).toHaveAttribute('data-phase', 'idle');
    await expect(page.getByRole('button', { name: /Start$/ })).toBeEnabled();
    await page.getByRole('button', { name: /Clear Track/ }).click();
    await expect(stage(page)).toHaveAttribute('data-finalized', 'false');
    await expect(stage(page)).toHaveAttribute('data-cars', '0');
    // A new track's field is numbered from Car 1 again (it went on from Car 4).
    await drawLoop(page, stage(page), 0.5, 0.5, 0.24);
    await page.getByRole('button', { name: /Add Car/ }).click();
    await expect(stage(page)).toHaveAttribute('data-cars', '1');
    await expect(page.getByRole('button', { name: /Your car: Car 1/ })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Ranking' }).getByRole('button', { name: /^1st Car 1, lap/ }),
    ).toBeVisible();
    expect(watch.errors).toEqual([]);
  });

  test('share a track, reopen it by its link, rate it', async ({ page }) => {
    const watch = watchConsole(page);
    await open(page);
    await page.getByRole('region', { name: 'Draw & Race' }).getByRole('button', { name: 'Start' }).click();
    await drawLoop(page, stage(page), 0.5, 0.5, 0.3);
    await page.getByRole('button', { name: /Share/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Share track' });
    await expect(dialog).toBeVisible();
    const id = await dialog.getByTestId('race-track-id').inputValue();
    expect(id).toMatch(/^db_[A-Za-z0-9_-]+$/);
    const link = await dialog.getByTestId('race-share-url').inputValue();
    expect(new URL(link).pathname).toBe('/race');
    expect(new URL(link).searchParams.get('track')).toBe(id);
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.goto(link);
    await expect(stage(page)).toHaveAttribute('data-finalized', 'true');
    await expect(stage(page)).toHaveAttribute('data-track-id', id);
    await expect(page).toHaveURL(/\/race$/);
    await expect(page.getByRole('region', { name: 'Draw & Race' })).toHaveCount(0);
    await page.getByRole('button', { name: /Add Car/ }).click();
    await expect(stage(page)).toHaveAttribute('data-cars', '1');

    await page.getByRole('button', { name: 'Rate track' }).click();
    const popup = page.getByRole('dialog', { name: 'Rate this track' });
    await expect(popup.getByTestId('race-rating-stats')).toContainText('from 0 ratings');
    await expect(popup).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Draw & Race rating');
    await popup.getByRole('button', { name: '4 stars' }).click();
    await expect(popup.getByTestId('race-rating-stats')).toContainText('Average 4.0 ★ from 1 rating');
    await expect(popup.getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true');
    await popup.getByRole('button', { name: 'Close', exact: true }).last().click();

    // The gallery lists it now that it has a rating, and opens it.
    await page.goto('/race');
    await page.getByRole('button', { name: /Best-rated tracks/ }).click();
    const gallery = page.getByRole('dialog', { name: 'Best-rated tracks' });
    await gallery
      .getByRole('button', { name: /★ 4\.0/ })
      .first()
      .click();
    await expect(stage(page)).toHaveAttribute('data-finalized', 'true');
    await expect(stage(page)).toHaveAttribute('data-track-id', /^db_/);

    // An old link: base64 JSON {v: 1, p: points, b: brush}.
    await page.goto(`/race?track=${encodeURIComponent(legacyTrackId())}`);
    await expect(stage(page)).toHaveAttribute('data-finalized', 'true');
    await expect(page).toHaveURL(/\/race$/);
    await expect(page.getByRole('group', { name: 'Brush size' }).locator('output')).toHaveText('40');
    expect(watch.errors).toEqual([]);
  });

  test('Add Car: enabled once the track is finalized, up to 16 cars, each refusal says why', async ({
    page,
  }) => {
    test.slow();
    const watch = watchConsole(page);
    await open(page);
    await page.getByRole('region', { name: 'Draw & Race' }).getByRole('button', { name: 'Start' }).click();
    const addCar = page.getByRole('button', { name: /Add Car/ });
    await expect(addCar).toBeDisabled();
    await addCar.click({ force: true });
    await expect(banner(page, 'Cannot add car: track must be drawn first')).toBeVisible();
    await expect(stage(page)).toHaveAttribute('data-cars', '0');

    // A straight stroke is no loop: the message says so (not the start line's).
    const box = (await stage(page).boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.5);
    await page.mouse.down();
    for (let i = 1; i <= 20; i++)
      await page.mouse.move(box.x + box.width * (0.2 + 0.03 * i), box.y + box.height * 0.5, { steps: 2 });
    await page.mouse.up();
    await expect(banner(page, 'Loop not closed - end your stroke where it started')).toBeVisible();
    await expect(stage(page)).toHaveAttribute('data-finalized', 'false');

    await drawLoop(page, stage(page), 0.5, 0.5, 0.4);
    await expect(addCar).toBeEnabled();
    for (let i = 1; i <= 16; i++) {
      await addCar.click();
      await expect(stage(page)).toHaveAttribute('data-cars', String(i));
    }
    // Still enabled at 16 (the spec enables it on the track alone): the 17th tap is refused aloud.
    await expect(addCar).toBeEnabled();
    await addCar.click();
    await expect(banner(page, 'Cannot add car: maximum of 16 cars reached')).toBeVisible();
    await expect(stage(page)).toHaveAttribute('data-cars', '16');
    await expect(page.getByRole('region', { name: 'Ranking' }).getByRole('listitem')).toHaveCount(16);
    await page.screenshot({ path: `${SHOTS}/desktop-16-cars.png` });
    expect(watch.errors).toEqual([]);
  });

  test('laps stop at 99, and the Settings dialog says so', async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem('race:settings', JSON.stringify({ state: { laps: 98 }, version: 1 })),
    );
    await open(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog).toContainText('Laps (1–99)');
    await expect(dialog.getByTestId('race-laps')).toHaveText('98');
    await dialog.getByRole('button', { name: 'More laps' }).click();
    await expect(dialog.getByTestId('race-laps')).toHaveText('99');
    await expect(dialog.getByRole('button', { name: 'More laps' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Fewer laps' })).toBeEnabled();
  });

  test('a phone: the mobile notice once a track is there, and the track keeps 70 % of a 360 × 640 screen', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true });
    const page = await context.newPage();
    const watch = watchConsole(page);
    const notice = page.getByText('Track optimized for mobile viewing. Pinch to zoom for more detail.');
    await open(page);
    await expect(page.locator('.race-page')).toHaveAttribute('data-small-screen', 'true');
    await page.screenshot({ path: `${SHOTS}/phone-intro.png` });
    await page.getByRole('region', { name: 'Draw & Race' }).getByRole('button', { name: 'Start' }).click();
    // Not over the empty lawn a visit opens on.
    await expect(notice).toHaveCount(0);
    const header = (await page.locator('header.game-header').boundingBox())!;
    expect(header.height).toBeLessThanOrEqual(56);
    const area = (await stage(page).boundingBox())!;
    expect((area.width * area.height) / (360 * 640)).toBeGreaterThanOrEqual(0.7);
    await page.screenshot({ path: `${SHOTS}/phone-draw.png` });

    await drawLoop(page, stage(page), 0.5, 0.5, 0.36);
    await expect(notice).toBeVisible();
    for (let i = 1; i <= 4; i++) await page.getByRole('button', { name: /Add Car/ }).click();
    await expect(stage(page)).toHaveAttribute('data-cars', '4');
    await page.getByRole('button', { name: /Start$/ }).click();
    await expect(stage(page)).toHaveAttribute('data-phase', 'running', { timeout: 6000 });
    // The rank panel is a strip of its own under the track, never over it; the track kept its size.
    const track = (await stage(page).boundingBox())!;
    expect(track.height).toBe(area.height);
    const ranks = (await page.getByRole('region', { name: 'Ranking' }).boundingBox())!;
    expect(ranks.y).toBeGreaterThanOrEqual(track.y + track.height - 0.5);
    const toolbar = (await page.getByRole('navigation', { name: 'Race controls' }).boundingBox())!;
    expect(toolbar.y).toBeGreaterThanOrEqual(ranks.y + ranks.height - 0.5);
    expect(toolbar.y + toolbar.height).toBeLessThanOrEqual(640.5);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${SHOTS}/phone-racing.png` });

    // A shared track opened on a phone shows the notice too.
    await page.goto(`/race?track=${encodeURIComponent(legacyTrackId())}`);
    await expect(stage(page)).toHaveAttribute('data-finalized', 'true');
    await expect(notice).toBeVisible();
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  test('a desktop window is no small screen: the rank panel floats over the track', async ({ page }) => {
    await open(page);
    await expect(page.locator('.race-page')).toHaveAttribute('data-small-screen', 'false');
    await page.getByRole('region', { name: 'Draw & Race' }).getByRole('button', { name: 'Start' }).click();
    await expect(
      page.getByText('Track optimized for mobile viewing. Pinch to zoom for more detail.'),
    ).toHaveCount(0);
    await drawLoop(page, stage(page));
    await page.getByRole('button', { name: /Add Car/ }).click();
    const ranks = (await page.getByRole('region', { name: 'Ranking' }).boundingBox())!;
    const track = (await stage(page).boundingBox())!;
    expect(ranks.y).toBeLessThan(track.y + 20);
    await expect(
      page.getByText('Track optimized for mobile viewing. Pinch to zoom for more detail.'),
    ).toHaveCount(0);
  });
});
