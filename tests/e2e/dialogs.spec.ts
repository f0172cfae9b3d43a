import { expect, type Locator, type Page, test } from '@playwright/test';
import { FIRST_LOAD } from './pageLoad.ts';

/**
 * "Dialogs close on Escape, backdrop click and the close button" (platform spec §2), also
 * when the control that had the focus became disabled (Draw & Race's Fewer laps
 * at 1 lap dropped the focus to the page body, and Escape no longer closed the dialog).
 */

const SHOTS = 'test-results/platform-screens';

/** True while the focused element is the dialog or inside it. */
const focusInside = (dialog: Locator) =>
  dialog.evaluate((el) => document.activeElement !== null && el.contains(document.activeElement));

async function openRaceSettings(page: Page) {
  await page.goto('/race');
  await expect(page.getByTestId('race-stage')).toHaveAttribute('data-ready', 'true', FIRST_LOAD);
  await page.getByRole('button', { name: /Settings/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const [label, size] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 360, height: 640 }],
] as const) {
  test(`Draw & Race Settings (${label}): Fewer laps down to 1 keeps the focus in the dialog; Escape closes it`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const dialog = await openRaceSettings(page);
    const laps = dialog.getByTestId('race-laps');
    const fewer = dialog.getByRole('button', { name: 'Fewer laps' });
    // From the keyboard, as a person would: focus Fewer and press Enter down to 1 lap.
    await fewer.focus();
    // Every count the page shows on the way down, to see that none comes back (a HUD drawn
    // before the worker applied a change once put the old count back, and the next Enter sent it).
    await laps.evaluate((el) => {
      const shown: string[] = [el.textContent ?? ''];
      new MutationObserver(() => shown.push(el.textContent ?? '')).observe(el, {
        childList: true,
        characterData: true,
        subtree: true,
      });
      (window as unknown as { lapsShown: string[] }).lapsShown = shown;
    });
    for (let n = Number(await laps.textContent()); n > 1; n--) {
      await page.keyboard.press('Enter');
      await expect(laps).toHaveText(String(n - 1));
    }
    await expect(fewer).toBeDisabled();
    const shown = await page.evaluate(() =>
      (window as unknown as { lapsShown: string[] }).lapsShown.map(Number),
    );
    expect(
      shown.every((count, i) => i === 0 || count <= shown[i - 1]),
      `laps shown: ${shown.join(', ')}`,
    ).toBe(true);
    await expect.poll(() => focusInside(dialog)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/race-settings-laps-1-${label}.png` });
    // Tab still moves inside the dialog.
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}

const GAME_DIALOGS: {
  path: string;
  ready: (page: Page) => Promise<void>;
  open: string | RegExp;
  name: string;
}[] = [
  {
    path: '/race',
    ready: (p) => expect(p.getByTestId('race-stage')).toHaveAttribute('data-ready', 'true'),
    open: /Settings/,
    name: 'Settings',
  },
  {
    path: '/race',
    ready: (p) => expect(p.getByTestId('race-stage')).toHaveAttribute('data-ready', 'true'),
    open: /Best-rated tracks/,
    name: 'Best-rated tracks',
  },
  {
    path: '/crit-happens',
    ready: (p) => expect(p.getByRole('button', { name: /Settings/ })).toBeVisible(),
    open: /Settings/,
    name: 'Settings',
  },
  {
    path: '/yardcore',
    ready: (p) => expect(p.getByTestId('yard-intro')).toBeVisible(),
    open: 'Settings',
    name: 'Settings',
  },
  {
    path: '/yardcore',
    ready: (p) => expect(p.getByTestId('yard-intro')).toBeVisible(),
    open: 'Instructions',
    name: 'How to play',
  },
];

for (const c of GAME_DIALOGS) {
  test(`${c.path} '${c.name}' closes on Escape even when the focus has fallen to the body`, async ({
    page,
  }) => {
    await page.goto(c.path);
    await c.ready(page);
    await page.getByRole('button', { name: c.open }).first().click();
    const dialog = page.getByRole('dialog', { name: c.name });
    await expect(dialog).toBeVisible();
    // The focus falls out of the dialog with nowhere to go (as a browser's focus fixup does).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}
