import { type Browser, expect, type Page, test, type WebSocketRoute } from '@playwright/test';
import { DESKTOP_SIZE, expectNoSeriousA11yViolations, PHONE_SIZE } from './a11y-helpers.ts';
import { FIRST_LOAD } from './pageLoad.ts';
import { watchConsole } from './watchConsole.ts';

/**
 * Crit Happens "Roll together": two players in two browser contexts at one table, on the
 * real server and build. A roll made by one is decided by the server and shown to both,
 * with the same total and tumble; a private roll shows only "X rolled" to the other.
 */

// Two players are two browsers' worth of pages, arenas and render workers: on the 2-core CI
// machine beside the other worker's spec a test took past a minute (all of it, steadily).
test.describe.configure({ timeout: 150_000 });

async function openGame(page: Page, url = '/crit-happens') {
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Crit Happens' })).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId('crit-arena').locator('canvas')).toBeVisible({ timeout: 20_000 });
}

async function join(page: Page, name: string) {
  const field = page.getByLabel('Your name at the table');
  await field.fill(name);
  await page.getByRole('button', { name: 'Join table' }).click();
  await expect(page.getByTestId('crit-table').getByRole('status')).toContainText('At the table');
}

/** Types notation into the Dice drawer (opened first on a phone, closed after). */
async function setDice(page: Page, notation: string) {
  const field = page.getByLabel('Roll notation');
  const drawerClosed = !(await field.isVisible());
  if (drawerClosed) await page.getByRole('button', { name: '🎲 Dice' }).click();
  await field.fill(notation);
  await page.getByRole('button', { name: 'Set dice' }).click();
  if (drawerClosed) await page.keyboard.press('Escape');
}

const totalOf = async (page: Page) => {
  await expect(page.getByTestId('crit-total')).toContainText('Total', { timeout: 20_000 });
  return page.getByTestId('crit-total').innerText();
};

async function player(browser: Browser, size: { width: number; height: number }) {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  return { context, page, console: watchConsole(page) };
}

for (const [label, size] of [
  ['phone', PHONE_SIZE],
  ['desktop', DESKTOP_SIZE],
] as const) {
  test(`two players at one table see the same roll (${label} ${size.width}×${size.height})`, async ({
    browser,
  }) => {
    const ana = await player(browser, size);
    const bo = await player(browser, size);
    try {
      await openGame(ana.page);
      await ana.page.getByRole('button', { name: '👥 Roll together' }).click();
      await expect(ana.page).toHaveURL(/\/crit-happens\?table=[A-Za-z0-9_-]{22}$/);
      await join(ana.page, 'Ana');
      const link = await ana.page.getByLabel('Invite link', { exact: true }).inputValue();
      expect(link).toBe(ana.page.url());

      await openGame(bo.page, new URL(link).pathname + new URL(link).search);
      await join(bo.page, 'Bo');
      for (const p of [ana.page, bo.page])
        await expect(p.getByTestId('crit-table').getByRole('status')).toHaveText('At the table: 2 players');

      // Ana rolls with advantage: the server decides, both arenas play it, both totals agree.
      await setDice(ana.page, '2d20kh1+3');
      await ana.page.getByRole('button', { name: 'Roll', exact: true }).click();
      const lines = [ana.page, bo.page].map((p) => p.getByTestId('crit-table-last'));
      for (const line of lines) await expect(line).toContainText(/^Ana rolled 2d20\+3 \(advantage\): \d+\./);
      const [anaTotal, boTotal] = [await totalOf(ana.page), await totalOf(bo.page)];
      expect(boTotal).toBe(anaTotal);
      expect(await lines[1].innerText()).toContain(`: ${anaTotal.replace(/\D/g, '')}.`);
      await expect(bo.page.getByLabel('Roll notation')).toHaveValue('2d20+3');
      await ana.page.screenshot({ path: `test-results/crit-table/${label}-ana.png` });
      await bo.page.screenshot({ path: `test-results/crit-table/${label}-bo.png` });

      // Bo rolls to himself: Ana learns only that he rolled.
      await bo.page.getByLabel('To me only').check();
      await setDice(bo.page, 'd6');
      await bo.page.getByRole('button', { name: 'Roll', exact: true }).click();
      await expect(lines[1]).toContainText(/^Bo rolled d6 \(to me only\): [1-6]\./);
      await expect(lines[0]).toHaveText('Bo rolled (only they see it)');

      for (const [name, p] of [
        ['Ana', ana.page],
        ['Bo', bo.page],
      ] as const) {
        await p.getByText('Invite, players and rolls').click();
        await expect(p.getByRole('list', { name: 'Players at the table' })).toContainText(`${name} (you)`);
        await expectNoSeriousA11yViolations(
          p,
          `the table panel (${label}, ${name})`,
          '[data-testid="crit-table"]',
        );
      }
      await ana.page.screenshot({ path: `test-results/crit-table/${label}-ana-details.png` });
      expect(ana.console.errors).toEqual([]);
      expect(bo.console.errors).toEqual([]);
    } finally {
      await ana.context.close();
      await bo.context.close();
    }
  });
}

test('a dropped table connection comes back by itself and catches up; while the table is unreachable, Roll rolls here and says so', async ({
  browser,
}) => {
  const ana = await player(browser, DESKTOP_SIZE);
  const bo = await player(browser, DESKTOP_SIZE);
  // Bo's table socket goes through here: passed on to the server, or, while `down`, refused.
  let down = false;
  let current: { page: WebSocketRoute; server: WebSocketRoute } | null = null;
  await bo.context.routeWebSocket(/\/api\/tables\/socket\.php/, (ws) => {
    if (down) {
      void ws.close({ code: 4000, reason: 'down' });
      return;
    }
    current = { page: ws, server: ws.connectToServer() };
  });
  try {
    await openGame(ana.page);
    await ana.page.getByRole('button', { name: '👥 Roll together' }).click();
    await join(ana.page, 'Ana');
    await openGame(bo.page, new URL(ana.page.url()).pathname + new URL(ana.page.url()).search);
    await join(bo.page, 'Bo');

    down = true;
    const dropped = current as { page: WebSocketRoute; server: WebSocketRoute } | null;
    await dropped?.server.close();
    await dropped?.page.close({ code: 4000, reason: 'dropped' });
    const boStatus = bo.page.getByTestId('crit-table').getByRole('status');
    await expect(boStatus).toHaveText('Table unreachable', { timeout: 15_000 });
    await expect(bo.page.getByTestId('crit-table').getByRole('alert')).toHaveText(
      'Table unreachable: your rolls stay on this device until it is back',
    );

    // Ana rolls while Bo is away; Bo's Roll still rolls, on his own device.
    await setDice(ana.page, 'd20');
    await ana.page.getByRole('button', { name: 'Roll', exact: true }).click();
    await expect(ana.page.getByTestId('crit-table-last')).toContainText(/^Ana rolled d20: \d+\./);
    await setDice(bo.page, 'd6');
    await bo.page.getByRole('button', { name: 'Roll', exact: true }).click();
    await expect(bo.page.getByTestId('crit-total')).toContainText(/Total [1-6]/, { timeout: 20_000 });
    await expect(bo.page.getByTestId('crit-table-last')).toHaveText(/^No rolls yet/);

    down = false;
    await expect(boStatus).toHaveText('At the table: 2 players', { timeout: 20_000 });
    const anaLine = await ana.page.getByTestId('crit-table-last').innerText();
    await expect(bo.page.getByTestId('crit-table-last')).toHaveText(anaLine);
    await bo.page.getByText('Invite, players and rolls').click();
    await expect(bo.page.getByRole('list', { name: 'Table rolls' }).getByRole('listitem')).toHaveText([
      anaLine,
    ]);
    expect(ana.console.errors).toEqual([]);
  } finally {
    await ana.context.close();
    await bo.context.close();
  }
});
