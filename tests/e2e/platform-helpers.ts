/** Shared steps of the platform end-to-end specs (platform-*.spec.ts). */
import { expect, type Page } from '@playwright/test';

/** Dev sign-in (spec §2): the sign-in dialog's Dev button, a full-page round trip through dev_login.php. */
export async function devSignIn(page: Page, as: 'user' | 'admin', path = '/account') {
  await page.goto(path);
  // Every page's header has one; My account's signed-out card has its own too.
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByRole('button', { name: as === 'admin' ? 'Dev: Admin' : 'Dev: User' }).click();
  await page.waitForURL(`**${path}`);
  await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible();
}

/**
 * Console errors of the page, minus the display-font stylesheet service being unreachable
 * (the test machine is offline; the header logs that and goes on, spec §2).
 */
export function collectConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().includes('ERR_NAME_NOT_RESOLVED')) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1440, height: 900 };

/** A screenshot at phone and desktop sizes into test-results/platform-screens/. */
export async function shootBoth(page: Page, name: string) {
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(250);
    await page.screenshot({ path: `test-results/platform-screens/${name}-${label}.png` });
  }
}
