import { expect, type Page, test } from '@playwright/test';
import { watchConsole } from './watchConsole.ts';

/** The home page (platform spec §1–§2). */

// The end-to-end build's support page (.env.e2e, VITE_SUPPORT_URL).
const SUPPORT_PAGE = 'https://support.e2e.example/futile';

const CARDS = [
  ['🎲', 'Crit Happens', 'Digital dice from D2 to D100.', '/crit-happens'],
  ['🏎️', 'Draw & Race', 'Draw a track, add cars, physics driving.', '/race'],
  ['🚀', 'Lunar Lander', 'Land gently with limited fuel.', '/lunar-lander'],
  ['🎹', 'Synth Loops', 'Tap notes, shape tone, loop.', '/synth'],
  ['🔨', 'Whac-a-Moji', 'Whack-a-mole with emojis.', '/whac-a-moji'],
  ['🪐', 'Gravity Simulator', 'Build solar systems, orbital mechanics.', '/gravity'],
] as const;

const cardList = (page: Page) => page.getByRole('list').first().getByRole('listitem');

/** Where each drifting letter is on screen (rounded to 0.1 px), to tell whether they moved. */
const letterPlaces = (page: Page) =>
  page.locator('.letters-bg__glyph').evaluateAll((glyphs) =>
    glyphs
      .map((g) => {
        const r = g.getBoundingClientRect();
        return `${r.x.toFixed(1)},${r.y.toFixed(1)}`;
      })
      .join(' '),
  );

test('shows the brand, the subtitle, the sign-in button and the cards in order', async ({ page }) => {
  const console = watchConsole(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Futile' })).toBeVisible();
  await expect(page.getByText('Choose your adventure')).toBeVisible();

  const signIn = page.getByRole('button', { name: 'Sign in' });
  await expect(signIn).toBeVisible();
  const box = (await signIn.boundingBox())!;
  expect(box.y).toBeLessThan(60);
  expect(box.x + box.width).toBeGreaterThan(1440 - 60);

  const items = cardList(page);
  await expect(items).toHaveCount(8);
  for (const [i, [emoji, title, description, href]] of CARDS.entries()) {
    const card = items.nth(i).getByRole('link');
    await expect(card).toContainText(emoji);
    await expect(card).toContainText(title);
    await expect(card).toContainText(description);
    await expect(card).toHaveAttribute('href', href);
  }
  await expect(items.nth(6)).toContainText('☕Buy me a coffee');
  await expect(items.nth(7)).toContainText('Yardcore');
  await expect(items.nth(7)).toContainText('Coming Soon');
  await expect(items.nth(7)).toContainText('Mow, toss snacks, survive.');
  await page.waitForLoadState('networkidle');
  expect(console.errors).toEqual([]);
});

test('a game card opens its route; a game not built yet shows the error page, never a fake game', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: /Crit Happens/ }).click();
  await expect(page).toHaveURL('/crit-happens');
  // Either the real game (once it exists) or the router's error page. The home page stays
  // while the game's chunk loads (the navigation is a transition), so wait for the new h1.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    /Crit Happens|Unexpected Application Error!/,
  );
});

test('the coffee card opens the support page in a new tab', async ({ page, context }) => {
  await context.route(`${SUPPORT_PAGE}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Support</title><h1>Thanks!</h1>' }),
  );
  await page.goto('/');
  const card = page.getByRole('link', { name: /Buy me a coffee/ });
  await expect(card).toHaveAttribute('target', '_blank');
  await expect(card).toHaveAttribute('rel', /noopener/);
  const popup = page.waitForEvent('popup');
  await card.click();
  const tab = await popup;
  await tab.waitForLoadState();
  expect(tab.url()).toBe(SUPPORT_PAGE);
  await expect(page).toHaveURL('/');
});

test('the Coming Soon card is not a link and does nothing on click', async ({ page }) => {
  await page.goto('/');
  const soon = cardList(page).nth(7);
  await expect(soon.getByRole('link')).toHaveCount(0);
  const button = soon.getByRole('button', { name: /Yardcore/ });
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  let popups = 0;
  page.on('popup', () => popups++);
  // force: Playwright would wait for an aria-disabled control to enable; a person can still click it.
  await button.click({ force: true });
  await button.press('Enter');
  await page.waitForTimeout(300);
  await expect(page).toHaveURL('/');
  expect(popups).toBe(0);
});

test('every card is reachable with the keyboard and a game card opens with Enter', async ({ page }) => {
  await page.goto('/');
  const cards = cardList(page).locator('a, button');
  await expect(cards).toHaveCount(8);
  await page.getByRole('heading', { name: 'Futile' }).click();
  const focused: string[] = [];
  for (let i = 0; i < 12 && focused.length < 8; i++) {
    await page.keyboard.press('Tab');
    const text = await page.evaluate(() => document.activeElement?.closest('li')?.textContent ?? '');
    if (text && !focused.includes(text)) focused.push(text);
  }
  expect(focused).toHaveLength(8);

  await page.getByRole('link', { name: /Lunar Lander/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/lunar-lander');
});

test('cards take a random tilt, skew and scale on hover', async ({ page }) => {
  await page.goto('/');
  const card = page.getByRole('link', { name: /Synth Loops/ });
  const transform = () => card.evaluate((el) => getComputedStyle(el).transform);
  expect(await transform()).toBe('none');
  const poses = new Set<string>();
  for (let i = 0; i < 3; i++) {
    await card.hover();
    await page.waitForTimeout(350);
    poses.add(await transform());
    await page.mouse.move(5, 5);
  }
  expect([...poses].every((p) => p !== 'none')).toBe(true);
  expect(poses.size).toBeGreaterThan(1);
});

test('clicking the title throws its letters around', async ({ page }) => {
  await page.goto('/');
  const title = page.getByRole('heading', { name: 'Futile' });
  const letters = () =>
    title.locator('span').evaluateAll((spans) => spans.map((s) => (s as HTMLElement).style.transform));
  const before = await letters();
  expect(before).toHaveLength(6);
  await title.click();
  const after = await letters();
  expect(after.filter((t, i) => t !== before[i]).length).toBeGreaterThanOrEqual(5);
  await title.click();
  expect(await letters()).not.toEqual(after);
});

test("the footer's 'what?' button switches font and leads to /about", async ({ page }) => {
  const console = watchConsole(page);
  // The font service unreachable, as on the offline test machines (and now on any machine).
  await page.route('https://fonts.googleapis.com/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  const what = page.getByRole('button', { name: 'what?' });
  await expect(what).not.toHaveAttribute('data-font');
  await what.click();
  await expect(page).toHaveURL('/about');
  await expect(page.getByRole('heading', { name: 'About Futile' })).toBeVisible();
  // Offline, the display font cannot load: a warning, the fallback font, and no errors.
  await expect.poll(() => console.warnings.some((w) => /Display font ".+" not loaded/.test(w))).toBe(true);
  expect(console.errors).toEqual([]);
});

test('the drifting letters move, and stand still under prefers-reduced-motion', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.letters-bg__glyph')).toHaveCount(48);
  // Moved by compositor animations (transform only), not by script on every frame.
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().length))
    .toBeGreaterThanOrEqual(48 * 3);
  const a = await letterPlaces(page);
  await page.waitForTimeout(400);
  expect(await letterPlaces(page)).not.toBe(a);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The media query's change event arrives with a rendering update: on a loaded machine that
  // can be later than any fixed wait. Wait for the pause itself, then hold the letters to it.
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().every((a) => a.playState === 'paused')))
    .toBe(true);
  const still = await letterPlaces(page);
  await page.waitForTimeout(400);
  expect(await letterPlaces(page)).toBe(still);
});

test('the drifting letters are set moving in one step, not frame after frame', async ({ page }) => {
  // Counts Element.animate calls per synchronous run of script. Each run is a task followed
  // by a frame that layerizes what it started: 8 letters a frame made six of them, each a
  // long task at 4× CPU on a busy machine.
  await page.addInitScript(() => {
    const runs: number[] = [];
    (window as unknown as { __animateRuns: number[] }).__animateRuns = runs;
    const animate = Element.prototype.animate;
    let open = false;
    Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>) {
      if (!open) {
        open = true;
        runs.push(0);
        queueMicrotask(() => {
          open = false;
        });
      }
      runs[runs.length - 1]++;
      return animate.apply(this, args);
    };
  });
  await page.goto('/');
  const runs = () => page.evaluate(() => (window as unknown as { __animateRuns: number[] }).__animateRuns);
  await expect.poll(async () => (await runs()).reduce((a, b) => a + b, 0), { timeout: 30_000 }).toBe(48 * 3);
  expect(await runs()).toEqual([48 * 3]);
});

test.describe('screenshots', () => {
  for (const [name, width, height] of [
    ['home-desktop', 1440, 900],
    ['home-phone', 360, 740],
  ] as const) {
    test(`home at ${width}×${height}`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height });
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Futile' })).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      for (const full of [false, true]) {
        const path = `test-results/screens/${name}${full ? '-full' : ''}.png`;
        await page.screenshot({ path, fullPage: full });
        await testInfo.attach(`${name}${full ? '-full' : ''}`, { path, contentType: 'image/png' });
      }
    });
  }
});
