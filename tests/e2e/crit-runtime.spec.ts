import { expect, type Page, test } from '@playwright/test';
import { crashWorker, fractionNear, shoot } from './canvas-helpers.ts';
import { FIRST_LOAD } from './pageLoad.ts';
import { watchConsole } from './watchConsole.ts';

/**
 * Crit Happens on the game runtime: the arena drawn from its render worker by default and
 * from the page's thread with `?render=main`, played the same both ways; and a worker that
 * crashes shows its message and a Restart that carries on with the dice and the last roll.
 */

const CRIT_ARENA = 0x3b1d5a;
const CRIT_DICE = 0x00b22a;

const arena = (page: Page) => page.getByTestId('crit-arena');
const canvas = (page: Page) => arena(page).locator('canvas');
const total = (page: Page) => page.getByTestId('crit-total');
const tray = (page: Page) => page.getByRole('list', { name: 'Selected dice' });
const history = (page: Page) => page.getByRole('list', { name: 'Roll history' });
const rollButton = (page: Page) => page.getByRole('button', { name: 'Roll', exact: true });
const pick = (page: Page, type: string) =>
  page.getByRole('button', { name: `Add a ${type}`, exact: true }).click();

/** The felt and the green dice, as a player sees them (a worker's canvas is read from a screenshot). */
async function looksRolled(page: Page): Promise<{ felt: number; dice: number }> {
  const pixels = await shoot(canvas(page));
  return { felt: fractionNear(pixels, CRIT_ARENA, 24), dice: fractionNear(pixels, CRIT_DICE, 40) };
}

async function expectDiceDrawn(page: Page) {
  await expect.poll(async () => (await looksRolled(page)).felt, { timeout: 20_000 }).toBeGreaterThan(0.3);
  await expect.poll(async () => (await looksRolled(page)).dice, { timeout: 20_000 }).toBeGreaterThan(0.002);
}

async function open(page: Page, mode: 'worker' | 'main') {
  await page.goto(`/crit-happens?seed=5${mode === 'main' ? '&render=main' : ''}`);
  await expect(arena(page)).toHaveAttribute('data-render', mode, FIRST_LOAD);
  await expect(canvas(page)).toBeVisible({ timeout: 20_000 });
}

async function rollAndRead(page: Page): Promise<{ total: string; values: string[] }> {
  await rollButton(page).click();
  await expect(total(page)).toContainText('Total', { timeout: 20_000 });
  return {
    total: await total(page).innerText(),
    values: await tray(page).getByTestId('tray-value').allInnerTexts(),
  };
}

for (const mode of ['worker', 'main'] as const) {
  test(`Crit Happens plays with its arena drawn ${mode === 'worker' ? 'in its render worker' : 'on the page (?render=main)'}`, async ({
    page,
  }) => {
    const watch = watchConsole(page);
    await open(page, mode);
    for (const type of ['d6', 'd12', 'd8']) await pick(page, type);
    await expect(arena(page)).toHaveAttribute('data-scene-dice', '3');
    const rolled = await rollAndRead(page);
    expect(rolled.values.map(Number).every((v) => v >= 1)).toBe(true);
    const sum = rolled.values.reduce((a, v) => a + Number(v), 0);
    expect(rolled.total).toBe(`Total ${sum}`);
    // The scene played the engine's roll and is at rest.
    await expect(arena(page)).toHaveAttribute('data-scene-roll', '1');
    await expect(arena(page)).toHaveAttribute('data-scene-playing', 'false');
    await expectDiceDrawn(page);
    await canvas(page).screenshot({ path: `test-results/crit-runtime/${mode}-rolled.png` });
    if (mode === 'main') await expect(page).toHaveURL(/render=main/);

    // Rolled again; a die added shows in the arena.
    await rollAndRead(page);
    await expect(history(page).getByRole('listitem')).toHaveCount(2);
    await expect(arena(page)).toHaveAttribute('data-scene-roll', '2');
    await pick(page, 'd20');
    await expect(arena(page)).toHaveAttribute('data-scene-dice', '4');
    expect(watch.errors).toEqual([]);
  });
}

for (const [label, mode] of [
  ['The dice roller', 'worker'],
  ['The dice arena', 'worker'],
  ['The dice roller', 'main'],
] as const) {
  test(`${label} (${mode}) crashes on purpose: the page says so, and Restart carries on with the last roll`, async ({
    page,
  }) => {
    await open(page, mode);
    for (const type of ['d6', 'd12', 'd8']) await pick(page, type);
    const rolled = await rollAndRead(page);
    await expect(arena(page)).toHaveAttribute('data-scene-roll', '1');

    await crashWorker(page, label, async () => {
      if (label !== 'The dice roller') return;
      // A roll asked of a stopped roller does not hang: the dice stay as they were.
      await rollButton(page).click();
      await expect(rollButton(page)).toBeEnabled();
      await expect(tray(page).getByTestId('tray-value')).toHaveText(rolled.values);
      await expect(total(page)).toHaveText(rolled.total);
    });

    // The last roll's result is still shown: tray, total, and the dice on the table.
    await expect(tray(page).getByTestId('tray-value')).toHaveText(rolled.values);
    await expect(arena(page)).toHaveAttribute('data-scene-dice', '3');
    // A new arena was handed the last roll (to show at rest where it ended).
    if (label === 'The dice arena') await expect(arena(page)).toHaveAttribute('data-scene-roll', '1');
    await expectDiceDrawn(page);
    await canvas(page).screenshot({ path: `test-results/crit-runtime/restarted-${label}-${mode}.png` });
    await expect(total(page)).toHaveText(rolled.total);

    // Still playable after the restart.
    await rollAndRead(page);
    await expect(history(page).getByRole('listitem')).toHaveCount(2);
    // The scene was given the new roll.
    await expect(arena(page)).not.toHaveAttribute('data-scene-roll', '1');
  });
}
