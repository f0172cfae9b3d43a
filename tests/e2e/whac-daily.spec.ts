import fs from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DESKTOP_SIZE, expectNoSeriousA11yViolations, PHONE_SIZE } from './a11y-helpers.ts';
import { openOnPausedClock } from './clock-helpers.ts';
import { watchConsole } from './watchConsole.ts';

/**
 * Whac-a-Moji Daily end to end: the start screen's Normal / Daily choice, a Daily run on
 * Playwright's fake clock (moles whacked with real clicks), the run on today's Daily board
 * (verified: the server replays it on the day's seed), the share line copied to the
 * clipboard, a Daily played offline whose score the outbox sends once the network returns,
 * and two players on the same UTC day seeing the same moles.
 */

const SHOTS = 'test-results/whac-daily';
const upCells = (page: Page) => page.locator('.whac-cell[data-state="up"]');
const todayUtc = (page: Page) => page.evaluate(() => new Date().toISOString().slice(0, 10));

/** axe runs on timers: the fake clock runs while it checks, then pauses again (on screens with no game timers). */
async function checkA11y(page: Page, where: string) {
  await page.clock.resume();
  await expectNoSeriousA11yViolations(page, where);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);
}

async function chooseDaily(page: Page) {
  await page.getByRole('radio', { name: /Daily/ }).check();
  await expect(page.getByRole('button', { name: 'Start Daily' })).toBeVisible();
}

/** Whacks `hits` moles as they appear, then lets three get away: the end screen. */
async function playDaily(page: Page, hits: number) {
  await page.getByRole('button', { name: 'Start Daily' }).click();
  await page.getByRole('button', { name: 'Start Round' }).click();
  let whacked = 0;
  for (let step = 0; step < 400; step++) {
    if (await page.getByRole('heading', { name: 'Game Over' }).count()) break;
    if (whacked < hits && (await upCells(page).count())) {
      await upCells(page).first().click();
      whacked++;
    }
    await page.clock.runFor(100);
  }
  await expect(page.getByRole('heading', { name: 'Game Over' })).toBeVisible();
  return Number((await page.getByTestId('whac-final-score').textContent())?.match(/\d+/)?.[0]);
}

test("signed in: a Daily run lands on today's board, verified, and its share line is copied", async ({
  page,
  context,
}) => {
  // A played run, a replayed verification and two accessibility checks in one test.
  test.slow();
  const watch = watchConsole(page);
  fs.mkdirSync(SHOTS, { recursive: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(DESKTOP_SIZE);
  await openOnPausedClock(page, '/api/account/dev_login.php?as=user&redirect=/whac-a-moji', (p) =>
    p.getByRole('heading', { name: 'How to play' }),
  );
  const day = await todayUtc(page);
  await chooseDaily(page);
  await expect(page.getByTestId('whac-daily-day')).toContainText(`Daily ${day}`);
  const board = page.getByRole('region', { name: `Daily ${day}` });
  await expect(board).toBeVisible();
  await expect(board.getByTestId('daily-best')).toBeVisible();
  // The normal board is not on the Daily screen.
  await expect(page.getByRole('region', { name: 'High Scores' })).toHaveCount(0);
  await checkA11y(page, 'Daily start screen, desktop');
  await page.screenshot({ path: `${SHOTS}/desktop-1-daily-start.png`, animations: 'disabled' });

  const final = await playDaily(page, 4);
  expect(final).toBeGreaterThan(0);
  await expect(page.getByText(`Daily ${day} ·`)).toBeVisible();
  const line = `Futile Daily ${day}: ${final}`;
  await expect(page.getByTestId('whac-share-line')).toHaveText(line);
  await page.getByRole('button', { name: 'Copy share line' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(page.getByText('Share line copied to the clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);

  const endBoard = page.getByRole('region', { name: `Daily ${day}` });
  await expect(endBoard.getByLabel('Your name')).not.toHaveValue('');
  // A name of this test's own: other specs post scores as the same Dev User, and one may
  // well have this score, so the boards are told apart by the name. The same on a retry:
  // the day's board keeps the first of equal scores, with the name it was sent with.
  const name = 'Daily, signed in';
  await endBoard.getByLabel('Your name').fill(name);
  await endBoard.getByRole('button', { name: 'Submit' }).click();
  await expect(endBoard.getByRole('status').filter({ hasText: 'You placed #' })).toContainText('✓ Verified');
  const mine = endBoard.locator('.leaderboard__row--mine');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(String(final));
  await expect(mine).toContainText(name);
  await expect(endBoard.getByTestId('daily-best')).toContainText(`Your best today: ${final}`);
  await checkA11y(page, 'Daily end screen, desktop');
  await page.screenshot({ path: `${SHOTS}/desktop-2-daily-end.png`, animations: 'disabled', fullPage: true });

  // Back on the start screen, today's board shows the run; the normal board does not have it.
  await page.getByRole('button', { name: 'Play Again' }).click();
  await expect(page.getByRole('button', { name: 'Start Daily' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: `Daily ${day}` }).locator('.leaderboard__row--mine'),
  ).toContainText(String(final));
  await page.getByRole('radio', { name: /Normal/ }).check();
  const normal = page.getByRole('region', { name: 'High Scores' });
  await expect(normal.locator('.leaderboard__list, .leaderboard__note')).toBeVisible();
  await expect(normal.getByText(name)).toHaveCount(0);
  // No service worker here (offline.spec.ts covers the precache): the sounds fetched on the
  // first gesture and the ticket call fail at the network, as Chromium logs. Nothing else may.
  expect(
    watch.errors.filter((e) => !/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED /.test(e)),
  ).toEqual([]);
});

test('phone, keyboard and touch: choose Daily with the arrow keys, play, and the screens fit 360×640', async ({
  page,
}) => {
  const watch = watchConsole(page);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize(PHONE_SIZE);
  await openOnPausedClock(page, '/whac-a-moji', (p) => p.getByRole('heading', { name: 'How to play' }));
  const normal = page.getByRole('radio', { name: /Normal/ });
  await normal.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /Daily/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Daily/ })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Start Daily' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE_SIZE.width);
  const option = await page.locator('.whac-modes__option').first().boundingBox();
  expect(option!.height).toBeGreaterThanOrEqual(44);
  await checkA11y(page, 'Daily start screen, phone');
  await page.screenshot({ path: `${SHOTS}/phone-1-daily-start.png`, animations: 'disabled', fullPage: true });
  // Keyboard: Tab from the radios reaches Start Daily, Enter presses it; the round's button takes the focus.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Start Daily' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Get ready!' })).toBeVisible();
  await page.clock.runFor(50);
  await expect(page.getByRole('button', { name: 'Start Round' })).toBeFocused();
  await page.keyboard.press('Enter');
  // Touch: a tap (a touch pointerdown) on the first mole.
  await page.clock.runFor(100);
  await page.evaluate(() =>
    document
      .querySelector('.whac-cell[data-state="up"]')
      ?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerType: 'touch' })),
  );
  await expect(page.getByTestId('whac-score')).toHaveText('20');
  for (let step = 0; step < 100; step++) {
    if (await page.getByRole('heading', { name: 'Game Over' }).count()) break;
    await page.clock.runFor(100);
  }
  await expect(page.getByRole('heading', { name: 'Game Over' })).toBeVisible();
  await expect(page.getByTestId('whac-share-line')).toHaveText(/^Futile Daily \d{4}-\d{2}-\d{2}: 20$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE_SIZE.width,
  );
  await checkA11y(page, 'Daily end screen, phone');
  await page.screenshot({ path: `${SHOTS}/phone-2-daily-end.png`, animations: 'disabled', fullPage: true });
  // No service worker here (offline.spec.ts covers the precache): the sounds fetched on the
  // first gesture and the ticket call fail at the network, as Chromium logs. Nothing else may.
  expect(
    watch.errors.filter((e) => !/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED /.test(e)),
  ).toEqual([]);
});

/** The first `count` moles a player sees in round 1: which hole and which emoji, in order. */
async function firstMoles(browser: Browser, time: string, timezoneId: string, count: number) {
  const context = await browser.newContext({ timezoneId });
  const page = await context.newPage();
  await page.clock.install({ time: new Date(time) });
  await page.goto('/whac-a-moji');
  await expect(page.getByRole('heading', { name: 'How to play' })).toBeVisible();
  await page.clock.pauseAt(new Date(new Date(time).getTime() + 10_000));
  await chooseDaily(page);
  await page.getByRole('button', { name: 'Start Daily' }).click();
  await page.getByRole('button', { name: 'Start Round' }).click();
  const moles: string[] = [];
  for (let step = 0; step < 200 && moles.length < count; step++) {
    const up = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.whac-cell'))
        .map((el, i) =>
          el.getAttribute('data-state') === 'up' ? `${i}:${el.textContent?.slice(0, 2)}` : null,
        )
        .filter((m): m is string => m !== null),
    );
    // Whack what is up (recording it first), so no mole times out and the sequence goes on.
    for (const mole of up) if (!moles.includes(mole)) moles.push(mole);
    await page.evaluate(() => {
      document.querySelectorAll('.whac-cell[data-state="up"]').forEach((el) => {
        el.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerType: 'touch' }));
      });
    });
    await page.clock.runFor(400);
  }
  // Every mole was whacked: the game is still on, so the sequence was not cut short.
  const ended = await page.getByTestId('whac-final-score').count();
  await context.close();
  expect(ended).toBe(0);
  return moles.slice(0, count);
}

test('two players on the same UTC day, in different time zones, see the same moles', async ({ browser }) => {
  // 09:15 in Tokyo and 23:00 the evening before in Los Angeles are both 2026-11-26 in UTC.
  const tokyo = await firstMoles(browser, '2026-11-26T00:15:00Z', 'Asia/Tokyo', 8);
  const losAngeles = await firstMoles(browser, '2026-11-26T07:00:00Z', 'America/Los_Angeles', 8);
  expect(tokyo).toHaveLength(8);
  expect(losAngeles).toEqual(tokyo);
  // The next UTC day has other moles.
  const nextDay = await firstMoles(browser, '2026-11-27T00:00:00Z', 'Asia/Tokyo', 8);
  expect(nextDay).not.toEqual(tokyo);
});

test('offline: a Daily run plays with no network and its score reaches the Daily board once when it returns', async ({
  page,
  context,
  request,
}) => {
  const watch = watchConsole(page);
  const name = `Daily offline ${Date.now() % 100_000}`;
  await openOnPausedClock(page, '/whac-a-moji', (p) => p.getByRole('heading', { name: 'How to play' }));
  const day = await todayUtc(page);
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  // Daily chosen offline: no ticket can come, the day's moles play all the same.
  await chooseDaily(page);
  const final = await playDaily(page, 3);
  expect(final).toBeGreaterThan(0);
  await expect(page.getByTestId('whac-share-line')).toHaveText(`Futile Daily ${day}: ${final}`);
  await expect(page.getByText('This run was played offline from the score server')).toBeVisible();
  await page.clock.resume();

  const board = page.getByRole('region', { name: `Daily ${day}` });
  await board.getByLabel('Your name').fill(name);
  await board.getByRole('button', { name: 'Submit' }).click();
  await expect(board.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();

  await context.setOffline(false);
  await expect(board.getByRole('status').filter({ hasText: 'You placed #' })).toBeVisible({
    timeout: 30_000,
  });
  // A reload flushes the outbox again: nothing is sent twice.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'How to play' })).toBeVisible();
  const response = await request.get(`/api/scores/daily.php?game=whac-a-moji&day=${day}`);
  const body = (await response.json()) as {
    scores: { player_name: string; score: number; verified: boolean }[];
  };
  expect(body.scores.filter((s) => s.player_name === name)).toEqual([
    expect.objectContaining({ score: final, verified: false }),
  ]);
  // No service worker here (offline.spec.ts covers the precache): the sounds fetched on the
  // first gesture and the ticket call fail at the network, as Chromium logs. Nothing else may.
  expect(
    watch.errors.filter((e) => !/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED /.test(e)),
  ).toEqual([]);
});
