import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import * as OTPAuth from 'otpauth';
import { collectConsoleErrors, devSignIn, shootBoth } from './platform-helpers.ts';

// One console session through the whole file: TOTP codes are single-use, so sign in once.
test.describe.configure({ mode: 'serial' });

const PORT = Number(process.env.E2E_PORT ?? 4173);
const DB_FILE = path.resolve('test-results', `e2e-${PORT}.sqlite`);
const ADMIN = { username: 'e2e-ops', email: 'ops@e2e.test', password: 'correct-horse-battery-staple' };

let page: Page;
let errors: string[];
let totp: OTPAuth.TOTP;
let trackHashes: string[] = [];

/** `npm run admin -- create … --totp` against the e2e server's database; returns the enrolment URI's TOTP. */
function createAdminAccount(): OTPAuth.TOTP {
  const out = execFileSync(
    'npm',
    [
      'run',
      '--silent',
      'admin',
      '--',
      'create',
      ADMIN.username,
      '--email',
      ADMIN.email,
      '--password',
      ADMIN.password,
      '--totp',
    ],
    { env: { ...process.env, DATABASE_URL: DB_FILE, NODE_ENV: 'development' }, encoding: 'utf8' },
  );
  const uri = /otpauth:\/\/\S+/.exec(out)?.[0];
  if (!uri) throw new Error(`No otpauth URI in: ${out}`);
  const parsed = OTPAuth.URI.parse(uri);
  if (!(parsed instanceof OTPAuth.TOTP)) throw new Error('Not a TOTP URI');
  return parsed;
}

async function seed(browser: Browser) {
  const context = await browser.newContext({ baseURL: `http://localhost:${PORT}` });
  const api = context.request;
  // Dev Admin (an ordinary admin user) sets up two games' configs, and exists for User Management.
  await devSignIn(await context.newPage(), 'admin', '/');
  for (const game_id of ['e2e-game', 'e2e-other']) {
    const res = await api.post('/api/scores/manage.php', {
      data: { game_id, display_name: game_id, score_type: 'points', sort_order: 'DESC' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  trackHashes = [];
  for (const [i, path] of [
    'M 100 100 L 900 100 L 900 900 L 100 900 L 100 100',
    'M 0 500 L 500 0 L 1000 500',
  ].entries()) {
    const res = await api.post('/api/tracks/store.php', {
      data: { v: 3, path, b: 20 + i, originalAspectRatio: 1.5, timestamp: Date.now() },
    });
    expect(res.ok()).toBe(true);
    trackHashes.push((await res.json()).hash);
  }
  for (const [game, name, score] of [
    ['e2e-game', 'Alice', 300],
    ['e2e-game', 'Bob', 200],
    ['e2e-game', 'Cleo', 100],
    ['e2e-other', 'Dan', 42],
  ] as const) {
    const res = await api.post('/api/scores/submit.php', {
      data: { game_id: game, player_name: name, score },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await context.close();
}

test.beforeAll(async ({ browser }) => {
  totp = createAdminAccount();
  await seed(browser);
  page = await browser.newPage({
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1440, height: 900 },
  });
  errors = collectConsoleErrors(page);
});

test.afterAll(async () => {
  await page.close();
});

test('admin login: wrong password, then password + a real TOTP code', async () => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByLabel('2FA Code')).toHaveCount(0);
  await shootBoth(page, 'admin-login');

  await page.getByLabel('Username or Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');

  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter your 2FA code');
  const code = page.getByLabel('2FA Code');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('maxlength', '6');
  await code.fill(totp.generate());
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${ADMIN.username}!`)).toBeVisible();
  const stats = page.locator('.admin-stats');
  await expect(stats.getByText('Total Tracks')).toBeVisible();
  await expect(stats.locator('.admin-stat').first().locator('dd')).toHaveText('2');
  await expect(stats.getByText('Today')).toBeVisible();
  await expect(stats.getByText('This Week')).toBeVisible();

  // The console session survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await shootBoth(page, 'admin-dashboard');
});

test('Track Management: fields, open link, delete with confirmation, dismissible error banner', async () => {
  await expect(page.getByRole('tab', { name: 'Track Management' })).toHaveAttribute('aria-selected', 'true');
  const cards = page.locator('.admin-track');
  await expect(cards).toHaveCount(2);
  const first = cards.filter({ hasText: trackHashes[0] });
  for (const field of [
    'hash',
    'version',
    'created_at',
    'point_count',
    'brush_width',
    'ip_address',
    'load_count',
    'last_loaded_at',
    'avg_rating',
    'rating_count',
  ])
    await expect(first.getByText(field, { exact: true })).toBeVisible();
  await expect(first.getByRole('img', { name: `Track ${trackHashes[0]}` })).toBeVisible();
  await expect(first.getByRole('link', { name: 'Open' })).toHaveAttribute(
    'href',
    `/race?track=db_${trackHashes[0]}`,
  );

  // A network failure shows the §8 text in a banner that can be dismissed.
  await page.route('**/api/tracks/manage.php?hash=*', (route) => route.abort());
  await first.getByRole('button', { name: `Delete track ${trackHashes[0]}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  const banner = page.locator('.admin-banner');
  await expect(banner).toContainText('Network error deleting track');
  await banner.getByRole('button', { name: 'Dismiss error' }).click();
  await expect(banner).toBeHidden();
  await page.unroute('**/api/tracks/manage.php?hash=*');

  // Cancel keeps it; Delete removes it and the statistics follow.
  await first.getByRole('button', { name: `Delete track ${trackHashes[0]}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(cards).toHaveCount(2);
  await first.getByRole('button', { name: `Delete track ${trackHashes[0]}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(cards).toHaveCount(1);
  await expect(page.locator('.admin-stat').first().locator('dd')).toHaveText('1');
});

test('Track Management pages through 250 tracks with the total, and deletes from the last page', async () => {
  // 249 more tracks straight into the run's database (the store call allows 10 a minute),
  // older than the one left by the test above, so that one heads page 1.
  const SEEDED = 249;
  const db = new Database(DB_FILE);
  const payload = JSON.stringify({
    v: 3,
    path: 'M 100 100 L 900 100 L 900 900 L 100 900 L 100 100',
    b: 30,
    originalAspectRatio: 1.5,
    timestamp: 1_767_225_600_000,
  });
  const insert = db.prepare(
    `INSERT INTO tracks (hash, payload, version, point_count, brush_width, ip_address, created_at, load_count)
     VALUES (?, ?, 3, 5, 30, '203.0.113.25', ?, 0)`,
  );
  const seeded = Array.from({ length: SEEDED }, (_, i) => `e2e${i.toString(16).padStart(13, '0')}`);
  db.transaction(() => {
    for (const [i, hash] of seeded.entries())
      insert.run(hash, payload, new Date(Date.UTC(2026, 0, 1) + (SEEDED - i) * 60_000).toISOString());
  })();
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.locator('.admin-stat').first().locator('dd')).toHaveText('250');
    const cards = page.locator('.admin-track');
    const pager = page.getByRole('navigation', { name: 'Track pages', exact: true });
    const next = pager.getByRole('button', { name: 'Next' });
    await expect(pager).toContainText('Page 1 of 5');
    await expect(pager).toContainText('1–50 of 250');
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(cards).toHaveCount(50);
    await expect(cards.first()).toContainText(trackHashes[1]);
    await shootBoth(page, 'admin-tracks-pager');
    // The same pager closes the list.
    const end = page.getByRole('navigation', { name: 'Track pages, end of list' });
    await expect(end).toContainText('1–50 of 250');
    await end.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/platform-screens/admin-tracks-pager-end-desktop.png' });

    // Every track once, across the five pages.
    const seen = new Set<string>();
    for (let p = 1; p <= 5; p++) {
      await expect(pager).toContainText(`Page ${p} of 5`);
      await expect(pager).toContainText(`${(p - 1) * 50 + 1}–${p * 50} of 250`);
      await expect(cards).toHaveCount(50);
      const hashes = await cards.evaluateAll((els) =>
        els.map((el) => el.querySelector('img')?.getAttribute('alt')?.replace('Track ', '') ?? ''),
      );
      for (const hash of hashes) seen.add(hash);
      if (p < 5) await next.click();
    }
    await expect(next).toBeDisabled();
    expect(seen.size).toBe(250);
    expect(seen.has(trackHashes[1])).toBe(true);
    for (const hash of seeded) expect(seen.has(hash)).toBe(true);

    // Delete on the last page: the page and the totals follow, the track is gone from the server.
    const victim = seeded[SEEDED - 1];
    await cards
      .filter({ hasText: victim })
      .getByRole('button', { name: `Delete track ${victim}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(pager).toContainText('201–249 of 249');
    await expect(cards).toHaveCount(49);
    await expect(cards.filter({ hasText: victim })).toHaveCount(0);
    await expect(page.locator('.admin-stat').first().locator('dd')).toHaveText('249');
    expect((await page.request.get(`/api/tracks/get.php?hash=${victim}`)).status()).toBe(404);

    // Back to page 1 with Previous.
    for (let p = 5; p > 1; p--) {
      await pager.getByRole('button', { name: 'Previous' }).click();
      await expect(pager).toContainText(`Page ${p - 1} of 5`);
    }
    await expect(cards.first()).toContainText(trackHashes[1]);
  } finally {
    // The specs after this one count one stored track, as before.
    db.prepare(`DELETE FROM tracks WHERE ip_address = '203.0.113.25'`).run();
    db.close();
    await page.reload();
    await expect(page.locator('.admin-stat').first().locator('dd')).toHaveText('1');
  }
});

test('High Scores: statistics, game config, drill in with filter, delete one, delete all', async () => {
  await page.getByRole('tab', { name: 'High Scores' }).click();
  const gameRow = page.getByRole('row', { name: /e2e-game/ });
  await expect(gameRow.getByRole('cell').nth(0)).toHaveText('3'); // total_scores
  await expect(gameRow.getByRole('cell').nth(1)).toHaveText('3'); // unique_players
  await expect(gameRow.getByRole('cell').nth(2)).toHaveText('300'); // highest_score
  await expect(gameRow.getByRole('cell').nth(3)).toHaveText('200'); // average_score

  // Game config: display name and direction.
  await gameRow.getByRole('button', { name: 'Edit config of e2e-game' }).click();
  const dialog = page.getByRole('dialog', { name: 'Game config: e2e-game' });
  await dialog.getByLabel('Display name').fill('E2E Game');
  await dialog.getByLabel('Score type').selectOption('time');
  await dialog.getByLabel('Sort direction').selectOption('ASC');
  await shootBoth(page, 'admin-config-dialog');
  await dialog.getByRole('button', { name: 'Save config' }).click();
  await expect(dialog).toBeHidden();
  const board = await (await page.request.get('/api/scores/get.php?game_id=e2e-game')).json();
  expect(board.game_config).toMatchObject({
    display_name: 'E2E Game',
    score_type: 'time',
    sort_order: 'ASC',
  });

  // Drill into the game; filter by player name.
  await gameRow.getByRole('button', { name: 'View scores of e2e-game' }).click();
  await expect(page.getByRole('heading', { name: 'Scores: e2e-game' })).toBeVisible();
  const rows = page.locator('.admin-table tbody tr');
  await expect(rows).toHaveCount(3);
  await page.getByLabel('Player name').fill('Bob');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Bob');

  // A refused delete alerts the §8 text.
  await page.route('**/api/scores/manage.php?score_id=*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"Nope"}' }),
  );
  await rows
    .first()
    .getByRole('button', { name: /Delete score/ })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  const alert = page.getByRole('dialog', { name: 'Failed to delete score: Nope' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'OK' }).click();
  await page.unroute('**/api/scores/manage.php?score_id=*');

  await rows
    .first()
    .getByRole('button', { name: /Delete score/ })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No scores found for this game.')).toBeVisible();
  await page.getByLabel('Player name').fill('');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: '← All games' }).click();

  // Delete all of a game.
  const otherRow = page.getByRole('row', { name: /e2e-other/ });
  await otherRow.getByRole('button', { name: 'Delete all scores of e2e-other' }).click();
  await page
    .getByRole('dialog', { name: /Delete ALL scores for e2e-other/ })
    .getByRole('button', { name: 'Delete all' })
    .click();
  await expect(otherRow).toHaveCount(0);
  await expect(
    page
      .getByRole('row', { name: /e2e-game/ })
      .getByRole('cell')
      .nth(0),
  ).toHaveText('2');
});

test('User Management: search, deactivate/activate, remove/grant admin', async () => {
  await page.getByRole('tab', { name: 'User Management' }).click();
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill('no-such-person-anywhere');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No users found.')).toBeVisible();

  await search.fill('admin@localhost');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row', { name: /Dev Admin/ });
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: 'Deactivate Dev Admin' }).click();
  await expect(row).toContainText('Inactive');
  await row.getByRole('button', { name: 'Activate Dev Admin' }).click();
  await expect(row.locator('.admin-pill--ok')).toHaveText('Active');

  await row.getByRole('button', { name: 'Remove admin from Dev Admin' }).click();
  await expect(row.locator('.admin-pill--admin')).toHaveCount(0);
  await row.getByRole('button', { name: 'Grant admin to Dev Admin' }).click();
  await expect(row.locator('.admin-pill--admin')).toHaveText('Admin');
});

test('Settings placeholder and the audit log of admin actions, newest first', async () => {
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('tabpanel')).toHaveText('Settings: coming soon');

  // Keyboard: arrows move between tabs.
  await page.getByRole('tab', { name: 'Settings' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Audit Log' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Audit Log' })).toHaveAttribute('aria-selected', 'true');

  const actions = page.locator('.admin-table tbody tr td:nth-child(3)');
  await expect(actions.first()).toHaveText('user.grant_admin');
  const all = await actions.allTextContents();
  for (const action of ['track.delete', 'scores.delete_game', 'game_config.set', 'admin.login'])
    expect(all).toContain(action);
  expect(all.indexOf('track.delete')).toBeLessThan(all.indexOf('admin.login'));
});

test('logout asks first; OK returns to the login view', async () => {
  await page.getByRole('button', { name: 'Logout' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to log out?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await confirm.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});

test('a signed-in admin user reaches the dashboard from the account menu, without the console login', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: `http://localhost:${PORT}` });
  const adminPage = await context.newPage();
  await devSignIn(adminPage, 'admin', '/');
  const account = adminPage.getByRole('button', { name: 'Account: Dev Admin (admin)' });
  await expect(account).toHaveClass(/account-button--admin/);
  await account.click();
  await expect(adminPage.getByRole('menu').getByRole('menuitem')).toHaveText([
    'My account',
    'Admin console',
    'Sign out',
  ]);
  await adminPage.getByRole('menuitem', { name: 'Admin console' }).click();
  await expect(adminPage).toHaveURL(/\/admin$/);
  await expect(adminPage.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await context.close();
});

// Last: Dev Admin is this file's own user (other specs sign in as Dev User), so deleting it disturbs no one.
test('deleting my account and data leads to the privacy notice with the code', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: `http://localhost:${PORT}` });
  const userPage = await context.newPage();
  await devSignIn(userPage, 'admin', '/account');
  await expect(userPage.getByText('No saved items yet.')).toBeVisible();
  await userPage.request.post('/api/saves/save.php', {
    data: { appId: 'synth', key: 'Doomed', data: { x: 1 } },
  });
  await userPage.reload();
  await expect(userPage.getByRole('link', { name: 'Doomed' })).toBeVisible();
  await shootBoth(userPage, 'account-page');

  await userPage.getByRole('button', { name: 'Delete my account and data' }).click();
  const confirm = userPage.getByRole('dialog', { name: 'Delete account' });
  await expect(confirm).toBeVisible();
  await shootBoth(userPage, 'account-delete-dialog');
  await confirm.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(userPage).toHaveURL(/\/privacy\?deleted=1&code=.+/);
  await expect(userPage.getByText('Data deletion request received')).toBeVisible();
  const validate = await (await userPage.request.get('/api/account/validate.php')).json();
  expect(validate.user).toBeNull();
  await context.close();
});
