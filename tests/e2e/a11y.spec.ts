import { devices, expect, type Page, test } from '@playwright/test';
import { DESKTOP_SIZE, expectNoSeriousA11yViolations, PHONE_SIZE } from './a11y-helpers.ts';
import { pauseClockAhead } from './clock-helpers.ts';
import { devSignIn } from './platform-helpers.ts';
import { drawLoop } from './race-helpers.ts';

/**
 * Accessibility: axe-core (WCAG 2.0/2.1 A and AA) on every page and every
 * dialog, at desktop (1440×900) and phone (360×640) size, with no serious or critical
 * violation; and the shared dialog's keyboard contract (focus trapped, Escape, focus back
 * to the opener). No rule is switched off.
 */

// Each test opens its own pages (and signs in its own user): they run on both workers, so
// this file, the suite's longest, does not hold one worker for twelve minutes.
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

/** Axe at desktop size, then at phone size (the page or dialog stays open across the resize). */
async function axeBothSizes(page: Page, where: string) {
  for (const size of [DESKTOP_SIZE, PHONE_SIZE]) {
    await page.setViewportSize(size);
    await expectNoSeriousA11yViolations(page, `${where} at ${size.width}×${size.height}`);
  }
  await page.setViewportSize(DESKTOP_SIZE);
}

for (const [path, heading] of [
  ['/', 'Futile'],
  ['/about', /About/],
  ['/privacy', /Privacy/],
  ['/account', /account/i],
  ['/admin', /sign in|admin/i],
] as const) {
  test(`platform page ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
    await axeBothSizes(page, path);
  });
}

test('sign-in dialog: axe, focus stays inside, Escape closes, focus returns to the opener', async ({
  page,
}) => {
  await page.goto('/');
  const opener = page.getByRole('button', { name: 'Sign in' });
  // The button is disabled (aria-busy) until the session check answers: focus() on it then
  // lands nowhere, and the Enter below would open nothing.
  await expect(opener).toBeEnabled();
  await opener.focus();
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await axeBothSizes(page, 'sign-in dialog');

  // Focus starts inside and Tab / Shift+Tab never leave the dialog.
  const inDialog = () => dialog.evaluate((el) => el.contains(document.activeElement));
  expect(await inDialog()).toBe(true);
  const enabled = await dialog.locator('button:not([disabled]), a[href], input:not([disabled])').count();
  for (let i = 0; i < enabled + 2; i++) {
    await page.keyboard.press('Tab');
    expect(await inDialog()).toBe(true);
  }
  for (let i = 0; i < enabled + 2; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await inDialog()).toBe(true);
  }
  // The focused control shows a focus ring (outline or box-shadow).
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return { outline: style.outlineStyle, width: style.outlineWidth, shadow: style.boxShadow };
  });
  expect((ring.outline !== 'none' && ring.width !== '0px') || ring.shadow !== 'none').toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('keyboard focus is visible on every control of home, in order', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const seen: string[] = [];
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const after = getComputedStyle(el, '::after');
      const visible =
        (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') ||
        style.boxShadow !== 'none' ||
        (after.outlineStyle !== 'none' && after.outlineWidth !== '0px') ||
        after.boxShadow !== 'none';
      const rect = el.getBoundingClientRect();
      return {
        name: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '',
        visible,
        top: rect.top,
      };
    });
    if (!focus) continue;
    expect(focus.visible, `focus ring on "${focus.name}"`).toBe(true);
    seen.push(focus.name);
  }
  // Every game card is reached by Tab.
  for (const game of ['Gravity', 'Whac-a-Moji', 'Lunar Lander', 'Synth Loops', 'Crit Happens', 'Draw & Race'])
    expect(seen.join(' | ')).toContain(game);
});

test('signed in: account menu, Load dialog, account page, confirm dialog', async ({ page }) => {
  await devSignIn(page, 'user', '/synth');
  const account = page.getByRole('button', { name: /^Account: / });
  await account.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await axeBothSizes(page, 'account menu');
  await page.getByRole('menuitem', { name: 'Load' }).click();
  const load = page.getByRole('dialog', { name: 'Load' });
  await expect(load).toBeVisible();
  await axeBothSizes(page, 'Load dialog');
  await page.keyboard.press('Escape');
  await expect(load).toBeHidden();

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Delete account' })).toBeVisible();
  await axeBothSizes(page, '/account signed in');
  await page.getByRole('button', { name: 'Delete my account and data' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete account' });
  await expect(confirm).toBeVisible();
  await axeBothSizes(page, 'confirm dialog');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
});

test('admin console and its confirm dialog', async ({ page }) => {
  await devSignIn(page, 'admin', '/admin');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible({ timeout: 30_000 });
  await axeBothSizes(page, 'admin console');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await axeBothSizes(page, 'admin logout confirm');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('Gravity, Synth Loops, Crit Happens: page and settings', async ({ page }) => {
  await page.goto('/gravity');
  // A cold first visit starts the worker, its WebAssembly kernel and Pixi: seconds on a busy machine.
  await expect(page.getByTestId('gravity-stage')).toHaveAttribute('data-body-count', /\d+/, {
    timeout: 30_000,
  });
  await axeBothSizes(page, '/gravity');

  await page.goto('/synth');
  await expect(page.getByRole('heading', { name: /Synth/ })).toBeVisible();
  await axeBothSizes(page, '/synth');

  await page.goto('/crit-happens');
  await expect(page.getByTestId('crit-arena').locator('canvas')).toBeVisible({ timeout: 20_000 });
  await axeBothSizes(page, '/crit-happens');
  await page.getByRole('button', { name: /Settings/ }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await axeBothSizes(page, 'Crit Happens settings');
});

test('Whac-a-Moji: intro with the board, game over with the submit form', async ({ page }) => {
  await page.clock.install();
  await page.goto('/whac-a-moji');
  await expect(page.getByRole('heading', { name: 'How to play' })).toBeVisible();
  await axeBothSizes(page, 'Whac-a-Moji intro');
  // Fake time from here (as in whac-a-moji.spec.ts), so the round runs at the test's pace.
  await pauseClockAhead(page);
  await page.getByRole('button', { name: 'Start Game' }).click();
  await page.getByRole('button', { name: 'Start Round' }).click();
  await expect(page.getByRole('region', { name: '3 by 3 grid' })).toBeVisible();
  const up = page.locator('.whac-cell[data-state="up"]');
  let hit = false;
  for (let step = 0; step < 200; step++) {
    if (await page.getByRole('heading', { name: 'Game Over' }).count()) break;
    if (!hit && (await up.count())) {
      await up.first().click();
      hit = true;
    }
    await page.clock.runFor(100);
  }
  await expect(page.getByRole('heading', { name: 'Game Over' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'High Scores' }).getByLabel('Your name')).toBeVisible();
  // axe waits on timers of its own: let time run again.
  await page.clock.resume();
  await axeBothSizes(page, 'Whac-a-Moji game over');
});

test('Lunar Lander: intro and crash dialogs', async ({ page }) => {
  await page.goto('/lunar-lander');
  const intro = page.getByRole('dialog', { name: 'Lunar Lander' });
  await expect(intro.getByRole('heading', { name: 'High Scores' })).toBeVisible();
  await axeBothSizes(page, 'Lunar Lander intro');
  await intro.getByRole('button', { name: 'Start mission' }).click();
  await expect(page.getByRole('region', { name: 'Flight data' })).toBeVisible();
  // With no input the lander falls and crashes.
  const crashed = page.getByRole('dialog', { name: 'Crashed!' });
  await expect(crashed).toBeVisible({ timeout: 30_000 });
  await axeBothSizes(page, 'Lunar Lander crashed');
  // Its one button has focus and keeps it through Tab; Escape takes the way on (Try again).
  const retry = crashed.getByRole('button', { name: 'Try again' });
  await expect(retry).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(retry).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(crashed).toBeHidden();
  await expect(page.getByTestId('lander-live')).toContainText('2 lives left');
});

test('Yardcore: intro, settings, instructions', async ({ page }) => {
  await page.goto('/yardcore');
  const intro = page.getByTestId('yard-intro');
  await expect(intro).toBeVisible({ timeout: 20_000 });
  await axeBothSizes(page, 'Yardcore intro');
  await intro.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await axeBothSizes(page, 'Yardcore settings');
  await page.keyboard.press('Escape');
  await intro.getByRole('button', { name: 'Instructions' }).click();
  await expect(page.getByRole('dialog', { name: 'How to play' })).toBeVisible();
  await axeBothSizes(page, 'Yardcore instructions');
});

test('Draw & Race: intro, settings, gallery, share', async ({ page }) => {
  await page.goto('/race');
  const stage = page.getByTestId('race-stage');
  await expect(stage).toHaveAttribute('data-ready', 'true');
  await axeBothSizes(page, 'Draw & Race intro');
  await page.getByRole('button', { name: /Best-rated tracks/ }).click();
  await expect(page.getByRole('dialog', { name: 'Best-rated tracks' })).toBeVisible();
  await axeBothSizes(page, 'Draw & Race gallery');
  await page.keyboard.press('Escape');
  await page.getByRole('region', { name: 'Draw & Race' }).getByRole('button', { name: 'Start' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await axeBothSizes(page, 'Draw & Race settings');
  await page.keyboard.press('Escape');

  await drawLoop(page, stage);
  await axeBothSizes(page, 'Draw & Race with a track');
  await page.getByRole('button', { name: /Share/ }).click();
  await expect(page.getByRole('dialog', { name: 'Share track' })).toBeVisible();
  await axeBothSizes(page, 'Draw & Race share');
});

test.describe('on a phone (a phone browser’s user agent and touch)', () => {
  const { defaultBrowserType: _engine, ...pixel5 } = devices['Pixel 5'];
  test.use(pixel5);

  test('the canvas games add no control of their renderer’s to the page', async ({ page }) => {
    // Pixi's accessibility system, left out of the scenes (src/lib/pixiOptions.ts), adds a
    // focusable 1 px <button> off screen to document.body on phones and tablets, which a
    // screen reader's swipe or the keyboard would reach. The app renders inside #root only.
    for (const path of ['/gravity', '/lunar-lander', '/yardcore', '/race', '/crit-happens']) {
      await page.goto(path);
      await expect(page.locator('canvas').first(), path).toBeVisible({ timeout: 30_000 });
      expect(
        await page
          .locator('body > :not(#root, script, noscript, template)')
          .evaluateAll((els) =>
            els
              .filter(
                (el) =>
                  el.matches('button, a[href], input, [tabindex]') ||
                  el.querySelector('button, a[href], input, [tabindex]'),
              )
              .map((el) => el.outerHTML.slice(0, 120)),
          ),
        path,
      ).toEqual([]);
    }
  });
});
