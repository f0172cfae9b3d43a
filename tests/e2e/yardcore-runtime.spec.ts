import { expect, type Page, test } from '@playwright/test';
import { crashWorker, fractionNear, shoot } from './canvas-helpers.ts';
import { watchConsole } from './watchConsole.ts';
import { findSeed, mowsRight, mowsRightThenDown, openWithSave, playing } from './yard-helpers.ts';

/**
 * Yardcore on the game runtime: drawn from its render worker by default and from the page's
 * thread with `?render=main`, played the same both ways (walk, mow, tap to walk, the level's
 * end); and a worker that crashes shows its message and a Restart that carries on from the
 * level as the page last saw it.
 */

// The canvas runs at a few frames a second on a loaded 2-core machine: walks and screenshots wait long.
test.describe.configure({ timeout: 240_000 });

/** The scene's colours (scene/textures.ts): tall grass, and the lighter mowed lawn. */
const TALL = 0x3f8f3a;
const CUT = 0x79c25a;

const stage = (page: Page) => page.getByTestId('yard-stage');
const canvas = (page: Page) => stage(page).locator('canvas');
const cutCount = async (page: Page) =>
  Number((await page.getByTestId('yard-cut').textContent())?.split('/')[0]);
const readout = async (page: Page, axis: 'x' | 'y') =>
  Number(
    new RegExp(`${axis} (-?[\\d.]+)`).exec((await page.getByTestId('yard-debug').textContent()) ?? '')?.[1],
  );
const debugX = (page: Page) => readout(page, 'x');
const debugY = (page: Page) => readout(page, 'y');

/** Where the readout says the gardener is, once it stops changing (the walk is over, the HUD caught up). */
async function settledY(page: Page): Promise<number> {
  let last = await debugY(page);
  for (;;) {
    await page.waitForTimeout(1000);
    const now = await debugY(page);
    if (now === last) return now;
    last = now;
  }
}

/** A level-1 yard where nobody beats a player who stands still for 20 s, with grass to the right and below. */
const calmSeed = () => findSeed((s) => s === Number.POSITIVE_INFINITY, 20, mowsRightThenDown);

const pathOf = (mode: 'worker' | 'main') => (mode === 'main' ? '/yardcore?render=main' : '/yardcore');

async function lawn(page: Page, name: string): Promise<{ tall: number; cut: number }> {
  const pixels = await shoot(canvas(page), `test-results/screens/yardcore-runtime-${name}.png`);
  return { tall: fractionNear(pixels, TALL, 10), cut: fractionNear(pixels, CUT, 10) };
}

/** Holds `key` until the mowed count passes `above`. */
async function mowWith(page: Page, key: string, above: number) {
  await page.keyboard.down(key);
  await expect.poll(() => cutCount(page), { timeout: 60_000 }).toBeGreaterThan(above);
  await page.keyboard.up(key);
}

for (const mode of ['worker', 'main'] as const) {
  const how = mode === 'worker' ? 'in its render worker' : 'on the page (?render=main)';

  test(`Yardcore plays with its scene drawn ${how}: walk, mow, tap to walk`, async ({ page }) => {
    const watch = watchConsole(page);
    await openWithSave(page, calmSeed(), { dev: true, path: pathOf(mode) });
    await expect(stage(page)).toHaveAttribute('data-render', mode);
    await page.getByRole('button', { name: 'Continue' }).click();
    await playing(page);
    await expect.poll(() => debugX(page), { timeout: 30_000 }).toBeGreaterThan(0);
    // The lawn is drawn: tall grass all round the gardener (and the mowed clearing they start in).
    await expect
      .poll(async () => (await lawn(page, `${mode}-start`)).tall, { timeout: 120_000 })
      .toBeGreaterThan(0.3);
    const before = await lawn(page, `${mode}-start`);

    // Keys walk the gardener, and the mower cuts: the count, the score, and lighter grass behind.
    await mowWith(page, 'ArrowRight', 3);
    await expect(page.getByTestId('yard-score')).not.toHaveText('0 pts');
    await expect
      .poll(async () => (await lawn(page, `${mode}-mowed`)).cut, { timeout: 120_000 })
      .toBeGreaterThan(before.cut + 0.0005);
    if (mode === 'main') {
      // Input to screen: the page's thread marks the frame that first shows the move.
      const marks = await page.evaluate(() => ({
        input: performance.getEntriesByName('bench:input').length,
        shown: performance.getEntriesByName('bench:shown').length,
      }));
      expect(marks.input).toBeGreaterThan(0);
      expect(marks.shown).toBeGreaterThan(0);
    }

    // A click on the yard walks the gardener there: 3 tiles down is 96 px at 32 px a tile
    // (this yard has grass below wherever the walk right ended).
    const mowed = await cutCount(page);
    const y = await settledY(page);
    const box = (await stage(page).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2 + 3 * 32);
    await expect.poll(() => debugY(page), { timeout: 60_000 }).toBeCloseTo(y + 3, 0);
    await expect.poll(() => cutCount(page), { timeout: 30_000 }).toBeGreaterThan(mowed);
    expect(watch.errors).toEqual([]);
  });

  test(`Yardcore ends a level ${how}: the last tile mowed shows the card, Next Level starts level 2`, async ({
    page,
  }) => {
    const watch = watchConsole(page);
    const seed = findSeed(
      (s) => s === Number.POSITIVE_INFINITY,
      10,
      (s) => mowsRight(s),
    );
    await openWithSave(page, seed, { path: pathOf(mode), progress: { score: 98, cutCount: 98, level: 1 } });
    await expect(stage(page)).toHaveAttribute('data-render', mode);
    await page.getByRole('button', { name: 'Continue' }).click();
    await playing(page);
    await page.keyboard.down('ArrowRight');
    const card = page.getByTestId('yard-levelup');
    await expect(card).toBeVisible({ timeout: 60_000 });
    await page.keyboard.up('ArrowRight');
    await expect(card).toContainText('Level 1 mowed!');
    await card.getByRole('button', { name: 'Next Level' }).click();
    await playing(page);
    await expect(page.locator('.yard-hud__level')).toHaveText('Level 2');
    await expect(page.getByTestId('yard-cut')).toHaveText('0 / 140 mowed');
    await expect
      .poll(async () => (await lawn(page, `${mode}-level2`)).tall, { timeout: 120_000 })
      .toBeGreaterThan(0.3);
    expect(watch.errors).toEqual([]);
  });
}

for (const [label, mode] of [
  ['The yard', 'worker'],
  ['The drawing of the yard', 'worker'],
  ['The yard', 'main'],
] as const) {
  test(`${label} (${mode}) crashes on purpose: the page says so, and Restart carries on from the level as it was`, async ({
    page,
  }) => {
    await openWithSave(page, calmSeed(), { path: pathOf(mode) });
    await expect(stage(page)).toHaveAttribute('data-render', mode);
    await page.getByRole('button', { name: 'Continue' }).click();
    await playing(page);
    await mowWith(page, 'ArrowRight', 3);
    // The walk ends on the next tile after the key is up (longer on a busy machine): the
    // score and count are taken once they read the same 0.5 s apart.
    const hud = async () =>
      `${await page.getByTestId('yard-score').textContent()}|${await page.getByTestId('yard-cut').textContent()}`;
    let settled = await hud();
    await expect
      .poll(
        async () => {
          const before = settled;
          await page.waitForTimeout(500);
          settled = await hud();
          return settled === before;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const [score, cut] = settled.split('|');
    const mowedLawn = (await lawn(page, `crash-${mode}-${label.length}-before`)).cut;

    await crashWorker(page, label, async () => {
      // The game waits behind the message.
      await expect(page.getByTestId('yard-paused')).toBeVisible();
    });

    // The same level, score and count; the lawn as mowed.
    await page.getByTestId('yard-paused').getByRole('button', { name: 'Resume' }).click();
    await playing(page);
    await expect(page.getByTestId('yard-score')).toHaveText(score, { timeout: 30_000 });
    await expect(page.getByTestId('yard-cut')).toHaveText(cut);
    await expect
      .poll(async () => (await lawn(page, `crash-${mode}-${label.length}`)).cut, { timeout: 120_000 })
      .toBeGreaterThan(mowedLawn * 0.7);
    // Still playable: walking down mows more.
    await mowWith(page, 'KeyS', Number(cut.split('/')[0]) + 2);
  });
}

test('Resume pressed while the restarted yard is still starting: the yard plays', async ({
  page,
  context,
}) => {
  await openWithSave(page, calmSeed(), { path: pathOf('worker') });
  await page.getByRole('button', { name: 'Continue' }).click();
  await playing(page);
  await mowWith(page, 'ArrowRight', 3);
  await crashWorker(page, 'The yard', async () => {
    // As on a slow device: the new physics worker takes 3 s to arrive.
    await context.route('**/yardcore.worker-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
  });
  // Pressed at once, before the new worker has started the level again.
  await page.getByTestId('yard-paused').getByRole('button', { name: 'Resume' }).click();
  await playing(page);
  // Once the worker is there, the yard runs: walking down mows.
  await mowWith(page, 'KeyS', (await cutCount(page)) + 1);
});
