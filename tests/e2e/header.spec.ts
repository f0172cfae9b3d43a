import { expect, test } from '@playwright/test';

/**
 * The shared game header (src/platform/header) on every page that uses it: one compact row
 * on a 360 × 640 phone (Home, the title, the game's HUD, Settings and the account button as
 * icons whose names screen readers still get), the words back on a desktop.
 */
const PAGES = [
  { path: '/crit-happens', title: 'Crit Happens', settings: true },
  { path: '/race', title: 'Draw & Race!', settings: true },
  { path: '/lunar-lander', title: 'Lunar Lander', settings: false },
  { path: '/synth', title: 'Synth Loops', settings: false },
  { path: '/whac-a-moji', title: 'Whac-a-Moji', settings: false },
  { path: '/gravity', title: 'Gravity Simulator', settings: false },
  { path: '/yardcore', title: 'Yardcore', settings: false },
  { path: '/account', title: 'My Account', settings: false },
  { path: '/admin', title: 'Admin Console', settings: false },
];

test.describe('on a 360 × 640 phone', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true });

  for (const { path, title, settings } of PAGES) {
    test(`${path}: one row, icons with names, the whole title`, async ({ page }) => {
      await page.goto(path);
      const header = page.locator('header.game-header');
      const heading = header.getByRole('heading', { name: title });
      await expect(heading).toBeVisible();
      const box = (await header.boundingBox())!;
      expect(box.height, 'one row').toBeLessThanOrEqual(56);
      const home = header.getByRole('link', { name: '← Home' });
      const account = header.getByRole('button', { name: /^(Sign in|Account:)/ });
      const controls = [home, account];
      if (settings) controls.push(header.getByRole('button', { name: '⚙️ Settings', exact: true }));
      for (const control of controls) {
        await expect(control).toBeVisible();
        const c = (await control.boundingBox())!;
        // An icon: a round button no wider than it is tall, inside the row.
        expect(c.width).toBeLessThanOrEqual(c.height + 1);
        expect(c.y).toBeGreaterThanOrEqual(box.y);
        expect(c.y + c.height).toBeLessThanOrEqual(box.y + box.height);
      }
      // The title is not cut: its button shows all its text.
      const titleButton = heading.getByRole('button');
      expect(await titleButton.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      // Nothing in the header leaves the screen.
      expect(
        await header.evaluate((el) =>
          Array.from(el.querySelectorAll('*')).every((child) => {
            const r = child.getBoundingClientRect();
            return r.width === 0 || (r.left >= -1 && r.right <= window.innerWidth + 1);
          }),
        ),
      ).toBe(true);
    });
  }
});

test('on a desktop the header shows its words: ← Home, Settings, Sign in', async ({ page }) => {
  await page.goto('/race');
  const header = page.locator('header.game-header');
  await expect(header.getByText('← Home')).toBeVisible();
  await expect(header.getByText('Settings', { exact: true })).toBeVisible();
  await expect(header.getByText('Sign in')).toBeVisible();
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72);
});
