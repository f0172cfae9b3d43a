import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { addDie, type DieType, emptyPool, type Pool } from '../../src/games/crit-happens/engine/dice.ts';
import {
  CRIT_FAIL_MESSAGES,
  CRIT_SUCCESS_MESSAGES,
  planRoll,
} from '../../src/games/crit-happens/engine/roll.ts';
import { createRng } from '../../src/lib/pure/rng.ts';
import { FIRST_LOAD } from './pageLoad.ts';
import { watchConsole } from './watchConsole.ts';

/**
 * Crit Happens end to end: the real build and server in Chromium. A `?seed=` in the
 * address makes the page's rolls a known sequence; the seeds below are found with the
 * same engine the page runs (first roll of a session: roll seed = the session's first draw).
 */

function poolOf(types: DieType[]): Pool {
  let pool = emptyPool();
  for (const type of types) pool = (addDie(pool, type) as { pool: Pool }).pool;
  return pool;
}

/** The first session seed whose first roll of `types` gives faces that pass `want`. */
function findSeed(types: DieType[], want: (faces: number[]) => boolean): number {
  const pool = poolOf(types);
  for (let seed = 1; seed < 200_000; seed++) {
    const rollSeed = createRng(seed).int(1, 0x7fffffff);
    if (want(planRoll(pool, createRng(rollSeed)).faces)) return seed;
  }
  throw new Error('no seed found');
}

async function openGame(page: Page, query = '') {
  await page.goto(`/crit-happens${query}`);
  await expect(page.getByRole('heading', { name: 'Crit Happens' })).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId('crit-arena').locator('canvas')).toBeVisible(FIRST_LOAD);
}

const pick = (page: Page, type: DieType) =>
  page.getByRole('button', { name: `Add a ${type}`, exact: true }).click();
const rollButton = (page: Page) => page.getByRole('button', { name: 'Roll', exact: true });
const total = (page: Page) => page.getByTestId('crit-total');

/**
 * Rolls and waits for that roll's entry in the history (each roll adds one), then for its
 * total. Not for Roll to be disabled: on a loaded machine the page took 3 s to take a click,
 * and the roll then started and settled between two of the assertion's polls.
 */
async function rollAndWait(page: Page) {
  const entries = page.getByRole('list', { name: 'Roll history' }).getByRole('listitem');
  const before = await entries.count();
  await rollButton(page).click();
  await expect(entries).toHaveCount(before + 1, { timeout: 20_000 });
  await expect(total(page)).toContainText('Total', { timeout: 20_000 });
  await expect(rollButton(page)).toBeEnabled();
}

/** The crit banner and the ringed dice it celebrates do not overlap, and the rings lie in the arena. */
async function expectBannerClearOfDice(page: Page, dice: number) {
  const spots = page.getByTestId('crit-spot');
  await expect(spots).toHaveCount(dice);
  const banner = page.getByTestId('crit-banner');
  await expect(banner).toBeVisible();
  const arena = (await page.getByTestId('crit-arena').boundingBox())!;
  await expect
    .poll(async () => {
      const b = (await banner.boundingBox())!;
      const clashes: string[] = [];
      for (const spot of await spots.all()) {
        const s = (await spot.boundingBox())!;
        const apart =
          s.y >= b.y + b.height || s.y + s.height <= b.y || s.x >= b.x + b.width || s.x + s.width <= b.x;
        if (!apart) clashes.push(`banner ${JSON.stringify(b)} covers die ${JSON.stringify(s)}`);
        const inside =
          s.x >= arena.x - 1 &&
          s.y >= arena.y - 1 &&
          s.x + s.width <= arena.x + arena.width + 1 &&
          s.y + s.height <= arena.y + arena.height + 1;
        if (!inside) clashes.push(`die ${JSON.stringify(s)} outside the arena ${JSON.stringify(arena)}`);
      }
      return clashes;
    })
    .toEqual([]);
}

async function expectNoSeriousA11yIssues(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('desktop', () => {
  test('picks dice, rolls them, reads the tray and the history', async ({ page }) => {
    const console = watchConsole(page);
    const sounds: string[] = [];
    page.on('request', (request) => {
      if (/^\/assets\/[^/]+\.wav$/.test(new URL(request.url()).pathname)) sounds.push(request.url());
    });
    await openGame(page, '?seed=5');
    await expect(rollButton(page)).toBeDisabled();
    // No sound is fetched before the first gesture; the first pick unlocks them.
    expect(sounds).toEqual([]);
    await pick(page, 'd6');
    await expect.poll(() => sounds.length).toBeGreaterThan(0);
    await pick(page, 'd100');
    await pick(page, 'd8');
    const tray = page.getByRole('list', { name: 'Selected dice' });
    await expect(tray.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByLabel('Roll notation')).toHaveValue('d6+d100+d8');
    await expect(page.getByRole('button', { name: 'Tray (3)' })).toBeVisible();

    await rollAndWait(page);
    const values = (await tray.getByTestId('tray-value').allInnerTexts()).map((v) => Number.parseInt(v, 10));
    expect(values).toHaveLength(3);
    expect(values[0]).toBeGreaterThanOrEqual(1);
    expect(values[0]).toBeLessThanOrEqual(6);
    expect(values[1]).toBeGreaterThanOrEqual(1);
    expect(values[1]).toBeLessThanOrEqual(100);
    await expect(total(page)).toHaveText(`Total ${values.reduce((a, b) => a + b, 0)}`);
    const history = page.getByRole('list', { name: 'Roll history' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history).toContainText('#1 d6+d100+d8');

    await page.getByRole('button', { name: 'Remove d100' }).click();
    await expect(tray.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(tray).toHaveCount(0);
    await expect(rollButton(page)).toBeDisabled();
    await page.screenshot({ path: 'test-results/crit-screens/desktop-cleared.png' });
    expect(console.errors).toEqual([]);
  });

  test('advantage keeps the higher d20, disadvantage the lower; the toggle needs exactly two', async ({
    page,
  }) => {
    await openGame(page, '?seed=11');
    await pick(page, 'd20');
    await expect(page.getByRole('radio', { name: 'Advantage', exact: true })).toHaveCount(0);
    await pick(page, 'd20');
    await page.getByRole('radio', { name: 'Advantage', exact: true }).check();
    await rollAndWait(page);
    const tray = page.getByRole('list', { name: 'Selected dice' });
    const [a, b] = (await tray.getByTestId('tray-value').allInnerTexts()).map((v) => Number.parseInt(v, 10));
    await expect(total(page)).toHaveText(`Total ${Math.max(a, b)}`);
    await expect(tray.locator('.is-kept')).toHaveCount(1);
    await expect(tray.locator('.is-kept')).toContainText(String(Math.max(a, b)));

    await page.getByRole('radio', { name: 'Disadvantage' }).check();
    await rollAndWait(page);
    const [c, d] = (await tray.getByTestId('tray-value').allInnerTexts()).map((v) => Number.parseInt(v, 10));
    await expect(total(page)).toHaveText(`Total ${Math.min(c, d)}`);
    await expect(page.getByRole('list', { name: 'Roll history' })).toContainText('(disadvantage)');

    await pick(page, 'd20');
    await expect(page.getByRole('radio', { name: 'Advantage', exact: true })).toHaveCount(0);
  });

  test('a natural 20 celebrates, a natural 1 rains; a click dismisses each', async ({ page }) => {
    const twenty = findSeed(['d20'], ([f]) => f === 20);
    await openGame(page, `?seed=${twenty}`);
    await pick(page, 'd20');
    await rollAndWait(page);
    const overlay = page.locator('.crit-overlay');
    await expect(overlay).toContainText('Natural 20');
    const message = await overlay.locator('.crit-overlay__message').innerText();
    expect(CRIT_SUCCESS_MESSAGES as readonly string[]).toContain(message);
    await expectBannerClearOfDice(page, 1);
    await page.screenshot({ path: 'test-results/crit-screens/desktop-natural-20.png' });
    await overlay.click();
    await expect(overlay).toHaveCount(0);

    const one = findSeed(['d20'], ([f]) => f === 1);
    await openGame(page, `?seed=${one}`);
    await pick(page, 'd20');
    await rollAndWait(page);
    await expect(overlay).toContainText('Natural 1');
    expect(CRIT_FAIL_MESSAGES as readonly string[]).toContain(
      await overlay.locator('.crit-overlay__message').innerText(),
    );
    await page.screenshot({ path: 'test-results/crit-screens/desktop-natural-1.png' });
    await page.keyboard.press('Escape');
    await expect(overlay).toHaveCount(0);
  });

  test('two 20s under disadvantage set off fireworks', async ({ page }) => {
    const seed = findSeed(['d20', 'd20'], ([a, b]) => a === 20 && b === 20);
    await openGame(page, `?seed=${seed}`);
    await pick(page, 'd20');
    await pick(page, 'd20');
    await page.getByRole('radio', { name: 'Disadvantage' }).check();
    await rollAndWait(page);
    await expect(page.locator('.crit-overlay')).toContainText('Double 20!');
    await expect(total(page)).toHaveText('Total 20');
    await expectBannerClearOfDice(page, 2);
    await page.screenshot({ path: 'test-results/crit-screens/desktop-fireworks.png' });
    await page.locator('.crit-overlay').click();
    await expect(page.locator('.crit-overlay')).toHaveCount(0);
  });

  test('typed notation sets the dice; invalid notation says why', async ({ page }) => {
    await openGame(page, '?seed=3');
    const field = page.getByLabel('Roll notation');
    await field.fill('2d7');
    await page.getByRole('button', { name: 'Set dice' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'There is no d7: use d2, d4, d6, d8, d10, d12, d20, d100 (or d%)',
    );
    await field.fill('4d6kh3+2');
    await field.press('Enter');
    const tray = page.getByRole('list', { name: 'Selected dice' });
    await expect(tray.getByRole('listitem')).toHaveCount(4);
    await rollAndWait(page);
    const values = (await tray.getByTestId('tray-value').allInnerTexts()).map((v) => Number.parseInt(v, 10));
    const kept = [...values].sort((a, b) => b - a).slice(0, 3);
    await expect(total(page)).toHaveText(`Total ${kept.reduce((a, b) => a + b, 0) + 2}`);
    await expect(tray.locator('.is-dropped')).toHaveCount(1);
  });

  test('typed 2d20 gets the advantage toggle; 2d20kh1 and 2d20kl1 read as advantage and disadvantage', async ({
    page,
  }) => {
    await openGame(page, '?seed=11');
    const field = page.getByLabel('Roll notation');
    await field.fill('2d20+1');
    await field.press('Enter');
    const advantage = page.getByRole('radio', { name: 'Advantage', exact: true });
    await expect(advantage).toBeVisible();
    await advantage.check();
    await rollAndWait(page);
    const tray = page.getByRole('list', { name: 'Selected dice' });
    const [a, b] = (await tray.getByTestId('tray-value').allInnerTexts()).map((v) => Number.parseInt(v, 10));
    await expect(total(page)).toHaveText(`Total ${Math.max(a, b) + 1}`);
    await expect(tray.locator('.is-kept')).toHaveCount(1);
    await expect(tray.locator('.is-dropped')).toHaveCount(1);

    await field.fill('2d20kl1');
    await field.press('Enter');
    await expect(page.getByRole('radio', { name: 'Disadvantage' })).toBeChecked();
    await expect(field).toHaveValue('2d20');
    await field.fill('3d20');
    await field.press('Enter');
    await expect(advantage).toHaveCount(0);
  });

  test('the 30-dice cap is shown where dice are added; a count error says so', async ({ page }) => {
    await openGame(page, '?seed=4');
    const count = page.getByTestId('crit-dice-count');
    await expect(count).toHaveText('0 of 30 dice (a d100 counts as two)');
    const field = page.getByLabel('Roll notation');
    await expect(page.locator('#crit-notation-help')).toContainText('Up to 30 dice.');
    await field.fill('20d6+6d100');
    await field.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(
      'That is 32 dice: the arena holds at most 30 (a d100 counts as two)',
    );
    await field.fill('28d6+d8');
    await field.press('Enter');
    await expect(count).toHaveText('29 of 30 dice: room for one more (not a d100, it counts as two)');
    await expect(page.getByRole('button', { name: 'Add a d100' })).toBeDisabled();
    await pick(page, 'd4');
    await expect(count).toHaveText('30 of 30 dice: the arena is full');
    for (const type of ['d2', 'd6', 'd20', 'd100'] as const)
      await expect(page.getByRole('button', { name: `Add a ${type}`, exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Remove d4' }).click();
    await expect(page.getByRole('button', { name: 'Add a d4', exact: true })).toBeEnabled();
    await page.screenshot({ path: 'test-results/crit-screens/desktop-dice-cap.png' });
  });

  test('the notation input shows its whole placeholder', async ({ page }) => {
    await openGame(page);
    const input = page.getByLabel('Roll notation');
    const fits = await input.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = ctx.measureText(el.placeholder).width;
      const room =
        el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { text, room };
    });
    expect(fits.text).toBeLessThanOrEqual(fits.room);
    await page.getByRole('complementary', { name: 'Dice' }).screenshot({
      path: 'test-results/crit-screens/desktop-notation.png',
    });
  });

  test('drawers and settings persist; page and dialog pass axe', async ({ page }) => {
    await openGame(page);
    await expect(page.getByRole('complementary', { name: 'Dice' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Tray' })).toBeVisible();
    await pick(page, 'd12');
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('button', { name: 'Close dice drawer' }).click();
    await expect(page.getByRole('complementary', { name: 'Dice' })).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('crithappens:leftOpen'))).toBe('0');
    expect(await page.evaluate(() => localStorage.getItem('crithappens:rightOpen'))).toBe('1');

    await page.getByRole('button', { name: '⚙️ Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog.getByLabel('Volume')).toHaveValue('90');
    await dialog.getByLabel('Volume').fill('40');
    await dialog.getByLabel('Mute').check();
    await expectNoSeriousA11yIssues(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.reload();
    await expect(page.getByRole('complementary', { name: 'Dice' })).toBeHidden();
    await expect(page.getByRole('complementary', { name: 'Tray' })).toBeVisible();
    await page.getByRole('button', { name: '⚙️ Settings' }).click();
    await expect(dialog.getByLabel('Volume')).toHaveValue('40');
    await expect(dialog.getByLabel('Mute')).toBeChecked();
    await page.keyboard.press('Escape');
    // Escape closes both drawers.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('complementary', { name: 'Tray' })).toBeHidden();
  });

  test('plays by keyboard alone', async ({ page }) => {
    await openGame(page, '?seed=21');
    await page.getByRole('button', { name: 'Add a d20', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(page.getByRole('list', { name: 'Selected dice' }).getByRole('listitem')).toHaveCount(2);
    // Focus leaves the picker; R rolls from anywhere but a text field.
    await page.getByRole('button', { name: 'Roll', exact: true }).focus();
    await page.keyboard.press('r');
    await expect(total(page)).toContainText('Total', { timeout: 20_000 });
  });

  test('the natural 20 banner takes the focus once placed, and Enter dismisses it', async ({ page }) => {
    await openGame(page, `?seed=${findSeed(['d20'], ([f]) => f === 20)}`);
    await pick(page, 'd20');
    await rollButton(page).click();
    const overlay = page.locator('.crit-overlay');
    await expect(overlay).toContainText('Natural 20', { timeout: 20_000 });
    await expect(page.getByTestId('crit-banner')).toBeVisible();
    await expect(overlay).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(overlay).toHaveCount(0);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  test('the natural 20 and double 20 banners leave their dice in sight', async ({ page }) => {
    await openGame(page, `?seed=${findSeed(['d20'], ([f]) => f === 20)}`);
    await page.getByRole('button', { name: '🎲 Dice' }).tap();
    await page.getByRole('button', { name: 'Add a d20', exact: true }).tap();
    await page.getByRole('button', { name: 'Close dice drawer' }).tap();
    await page.getByRole('button', { name: 'Roll', exact: true }).tap();
    await expect(page.locator('.crit-overlay')).toContainText('Natural 20', { timeout: 20_000 });
    await expectBannerClearOfDice(page, 1);
    await page.screenshot({ path: 'test-results/crit-screens/phone-natural-20.png' });

    await openGame(page, `?seed=${findSeed(['d20', 'd20'], ([a, b]) => a === 20 && b === 20)}`);
    await page.getByRole('button', { name: '🎲 Dice' }).tap();
    await page.getByRole('button', { name: 'Add a d20', exact: true }).tap();
    await page.getByRole('button', { name: 'Add a d20', exact: true }).tap();
    await page.getByRole('button', { name: 'Close dice drawer' }).tap();
    await page.getByRole('radio', { name: 'Disadvantage' }).check();
    await page.getByRole('button', { name: 'Roll', exact: true }).tap();
    await expect(page.locator('.crit-overlay')).toContainText('Double 20!', { timeout: 20_000 });
    await expectBannerClearOfDice(page, 2);
    await page.screenshot({ path: 'test-results/crit-screens/phone-double-20.png' });
  });

  test('drawers start closed, open one at a time, close by Escape and by swipe; plays by touch', async ({
    page,
  }) => {
    const console = watchConsole(page);
    await openGame(page, '?seed=9');
    const dice = page.getByRole('complementary', { name: 'Dice' });
    const tray = page.getByRole('complementary', { name: 'Tray' });
    await expect(dice).toBeHidden();
    await expect(tray).toBeHidden();

    await page.getByRole('button', { name: '🎲 Dice' }).tap();
    await expect(dice).toBeVisible();
    await page.getByRole('button', { name: 'Add a d20', exact: true }).tap();
    await page.getByRole('button', { name: 'Add a d6', exact: true }).tap();
    await page.getByRole('button', { name: 'Close dice drawer' }).tap();
    await expect(dice).toBeHidden();
    await expectNoSeriousA11yIssues(page);

    await page.getByRole('button', { name: 'Roll', exact: true }).tap();
    await expect(total(page)).toContainText('Total', { timeout: 20_000 });
    await page.screenshot({ path: 'test-results/crit-screens/phone-rolled.png' });

    await page.getByRole('button', { name: /^Tray/ }).tap();
    await expect(tray).toBeVisible();
    await page.getByRole('button', { name: '🎲 Dice' }).evaluate((b: HTMLButtonElement) => b.click());
    await expect(dice).toBeVisible();
    await expect(tray).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(dice).toBeHidden();

    // A swipe toward the drawer's edge closes it: 100 px left, 10 px down.
    await page.getByRole('button', { name: '🎲 Dice' }).tap();
    const box = (await dice.boundingBox())!;
    const y = box.y + box.height - 60;
    await dice.dispatchEvent('pointerdown', { clientX: box.x + 200, clientY: y, pointerType: 'touch' });
    await dice.dispatchEvent('pointerup', { clientX: box.x + 100, clientY: y + 10, pointerType: 'touch' });
    await expect(dice).toBeHidden();
    // Phone state is not persisted over the desktop's.
    expect(await page.evaluate(() => localStorage.getItem('crithappens:leftOpen'))).toBeNull();
    expect(console.errors).toEqual([]);
  });
});
