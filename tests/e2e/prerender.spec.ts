import { expect, test } from '@playwright/test';
import { watchConsole } from './watchConsole.ts';

/**
 * Home arrives prerendered (scripts/prerenderHome.ts): `/` paints before any
 * script, the app takes that markup over without a hydration error, and no other page
 * ever shows home's content first.
 */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home shows its title, cards and sign-in button from the HTML alone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Futile' })).toBeVisible();
    await expect(page.getByText('Choose your adventure')).toBeVisible();
    await expect(page.getByRole('link', { name: /Crit Happens/ })).toHaveAttribute('href', '/crit-happens');
    await expect(page.locator('.letters-bg__glyph')).toHaveCount(48);
    // The styles came with the page: the cards are laid out in a grid, not as a bare list.
    expect(await page.locator('.game-grid').evaluate((el) => getComputedStyle(el).display)).toBe('grid');
  });

  test('other pages are the empty shell: nothing of home', async ({ page }) => {
    for (const path of ['/about', '/gravity', '/no-such-page']) {
      await page.goto(path);
      expect(await page.locator('#root').innerHTML(), path).toBe('');
    }
  });
});

test('home hydrates the prerendered markup in place, without errors', async ({ page }) => {
  const console = watchConsole(page);
  // Hold the app's script until the prerendered heading is marked, then let it run.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const title = page.getByRole('heading', { level: 1, name: 'Futile' });
  await expect(title).toBeVisible();
  // An expando property: invisible to React, lost if the element were rendered anew.
  await title.evaluate((h1) => Object.assign(h1, { prerendered: true }));
  release();

  // Hydrated: the title reacts to clicks (React's handlers are attached).
  const letters = () =>
    title.locator('span').evaluateAll((spans) => spans.map((s) => (s as HTMLElement).style.transform));
  const before = await letters();
  await expect(async () => {
    await title.click();
    expect(await letters()).not.toEqual(before);
  }).toPass();
  expect(await title.evaluate((h1) => (h1 as HTMLElement & { prerendered?: boolean }).prerendered)).toBe(
    true,
  );
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(console.errors).toEqual([]);
});

test("a page loaded directly never shows home's content, even for a moment", async ({ page }) => {
  // Watches every node the page ever has, from before the first byte is parsed.
  await page.addInitScript(() => {
    const w = window as Window & { homeSeen?: boolean };
    w.homeSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('.page--home, .home-title')) w.homeSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  for (const [path, heading] of [
    ['/about', 'About Futile'],
    ['/privacy', /Privacy/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await page.evaluate(() => (window as Window & { homeSeen?: boolean }).homeSeen), path).toBe(false);
  }
});
