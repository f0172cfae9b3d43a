import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import type { ScoresGetResponse } from '../../src/api/types.ts';
import { pauseClockAhead } from './clock-helpers.ts';
import { drawLoop } from './race-helpers.ts';
import { playheadSteps } from './synth-helpers.ts';

/**
 * Offline, with the build's real service worker: one visit to home installs it
 * and precaches the build; then, with the network off, every game opens and plays (code,
 * sounds and fonts from the cache), and the network-bound parts say so in words. A score
 * finished offline waits in IndexedDB and reaches the server exactly once when the
 * network returns.
 */

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 240_000 });

/** Visits home and waits until the service worker is active and controls the page (precache done). */
async function installFromHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The worker registers after home has painted and gone idle; it activates only once its
  // install (the whole precache) has finished, and claims the open page (clientsClaim).
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
    timeout: 90_000,
  });
}

/** Requests that failed, leaving out the API (network-only by design) and the external font service. */
function watchFailedAssets(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') || /fonts\.(googleapis|gstatic)\.com$/.test(url.hostname)) return;
    // Cancelled by the spec's next page.goto (a favicon still loading), not missing offline:
    // an asset the cache lacks fails with ERR_INTERNET_DISCONNECTED or ERR_FAILED instead.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  return failed;
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test('after one visit to home, every game opens and plays with the network off', async ({
  page,
  context,
}) => {
  await installFromHome(page);
  await goOffline(context, page);
  const failed = watchFailedAssets(page);
  const sounds: { url: string; status: number; fromCache: boolean }[] = [];
  page.on('response', (response) => {
    if (/\.(wav|mp3|ogg)$/.test(new URL(response.url()).pathname))
      sounds.push({
        url: response.url(),
        status: response.status(),
        fromCache: response.fromServiceWorker(),
      });
  });

  // Gravity: the simulation runs.
  await page.goto('/gravity');
  const gravity = page.getByTestId('gravity-stage');
  await expect(gravity).toHaveAttribute('data-body-count', '9', { timeout: 30_000 });
  const motion = await gravity.getAttribute('data-motion');
  await expect.poll(() => gravity.getAttribute('data-motion'), { timeout: 15_000 }).not.toBe(motion);

  // Whac-a-Moji: a round starts (its sounds load from the cache on the first gesture).
  await page.goto('/whac-a-moji');
  await expect(page.getByText(/High scores are unavailable offline/)).toBeVisible();
  await page.getByRole('button', { name: 'Start Game' }).click();
  await page.getByRole('button', { name: 'Start Round' }).click();
  await expect(page.getByRole('region', { name: '3 by 3 grid' })).toBeVisible();
  await expect.poll(() => sounds.length, { timeout: 15_000 }).toBeGreaterThan(0);

  // Lunar Lander: the mission starts (no run ticket offline: an unverified run).
  await page.goto('/lunar-lander');
  await expect(page.getByText(/High scores are unavailable offline/)).toBeVisible();
  await page.getByRole('button', { name: 'Start mission' }).click();
  await expect(page.getByTestId('lander-live')).toHaveText(/^Level 1\. Score 0\. 3 lives left\./, {
    timeout: 30_000,
  });

  // Synth Loops: a pattern plays.
  await page.goto('/synth');
  await page.getByRole('button', { name: 'Step 1', exact: true }).click();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => playheadSteps(page), { timeout: 15_000 }).toHaveLength(1);

  // Crit Happens: a die rolls.
  await page.goto('/crit-happens');
  await expect(page.getByTestId('crit-arena').locator('canvas')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Add a d6', exact: true }).click();
  await page.getByRole('button', { name: 'Roll', exact: true }).click();
  await expect(page.getByTestId('crit-total')).toContainText('Total', { timeout: 30_000 });

  // Yardcore: a game starts.
  await page.goto('/yardcore');
  await page.getByTestId('yard-intro').getByRole('button', { name: 'New Game' }).click();
  await expect(page.getByTestId('yard-live')).toContainText('Level 1.', { timeout: 30_000 });

  // Draw & Race: a loop is drawn and a car added.
  await page.goto('/race');
  const race = page.getByTestId('race-stage');
  await expect(race).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await page.getByRole('region', { name: 'Draw & Race' }).getByRole('button', { name: 'Start' }).click();
  await drawLoop(page, race);
  await page.getByRole('button', { name: /Add Car/ }).click();
  await expect(race).toHaveAttribute('data-cars', '1');

  // Every page, script, font and sound came from the service worker's cache.
  expect(failed).toEqual([]);
  expect(sounds.length).toBeGreaterThan(0);
  for (const sound of sounds) expect(sound, sound.url).toMatchObject({ status: 200, fromCache: true });
  const fonts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.woff2'))
      .map((e) => e.name),
  );
  expect(fonts.length).toBeGreaterThan(0);
});

test('offline wording: sign-in disabled with a reason, Save and Load need the network', async ({
  page,
  context,
}) => {
  await installFromHome(page);
  await goOffline(context, page);
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await expect(signIn).toBeDisabled();
  await expect(signIn).toHaveAccessibleDescription('Sign-in needs the network. You are offline.');
  await expect(page.getByText('Sign-in needs the network. You are offline.')).toBeVisible();

  // Signed in before the network went: Save and Load stay in the menu, disabled, with why.
  await context.setOffline(false);
  await page.goto('/api/account/dev_login.php?as=user&redirect=/synth');
  const account = page.getByRole('button', { name: /^Account: / });
  await expect(account).toBeVisible();
  await goOffline(context, page);
  await account.click();
  for (const item of ['Save', 'Load']) {
    const entry = page.getByRole('menuitem', { name: new RegExp(`^${item}`) });
    await expect(entry).toBeDisabled();
  }
  await expect(page.getByRole('menu')).toContainText('Save and Load need the network. You are offline.');
});

test('a score finished offline is kept and submitted exactly once when the network returns', async ({
  page,
  context,
  request,
}) => {
  const name = `Offline ${Date.now() % 100_000}`;
  await page.clock.install();
  await installFromHome(page);
  await page.goto('/whac-a-moji');
  await expect(page.getByRole('heading', { name: 'How to play' })).toBeVisible();
  await goOffline(context, page);
  await pauseClockAhead(page);
  await page.getByRole('button', { name: 'Start Game' }).click();
  await page.getByRole('button', { name: 'Start Round' }).click();
  const up = page.locator('.whac-cell[data-state="up"]');
  let hits = 0;
  for (let step = 0; step < 300; step++) {
    if (await page.getByRole('heading', { name: 'Game Over' }).count()) break;
    if (hits < 2 && (await up.count())) {
      await up.first().click();
      hits++;
    }
    await page.clock.runFor(100);
  }
  await expect(page.getByRole('heading', { name: 'Game Over' })).toBeVisible();
  const final = Number((await page.getByTestId('whac-final-score').textContent())?.match(/\d+/)?.[0]);
  expect(final).toBeGreaterThan(0);
  await page.clock.resume();

  const board = page.getByRole('region', { name: 'High Scores' });
  await expect(board).toContainText('High scores are unavailable offline');
  await board.getByLabel('Your name').fill(name);
  await board.getByRole('button', { name: 'Submit' }).click();
  await expect(board.getByRole('status').filter({ hasText: 'You are offline' })).toHaveText(
    'You are offline. Your score is kept on this device and will be submitted when the network returns.',
  );
  const queued = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('futile-score-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('scores').objectStore('scores').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(queued).toBe(1);

  // The network returns: the outbox sends it, and the board shows the rank.
  await context.setOffline(false);
  await expect(board.getByRole('status').filter({ hasText: 'You placed #' })).toBeVisible({
    timeout: 30_000,
  });
  // (The board list itself is network-first with a 4 s timeout: on a busy machine it may
  // still show its cached answer, so the server is asked directly below.)

  // A reload (a second flush) sends nothing again: the server has it exactly once.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'How to play' })).toBeVisible();
  const response = await request.get('/api/scores/get.php?game_id=whac-a-moji&limit=100');
  const body = (await response.json()) as ScoresGetResponse;
  const mine = body.scores.filter((s) => s.player_name === name);
  expect(mine.map((s) => s.score)).toEqual([final]);
});
