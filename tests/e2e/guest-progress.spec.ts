import { expect, type Page, test } from '@playwright/test';
import { DESKTOP_SIZE, expectNoSeriousA11yViolations, PHONE_SIZE } from './a11y-helpers.ts';
import { openWithSave, playing } from './yard-helpers.ts';

/**
 * What a guest made on this device is offered once, after their first sign-in here:
 * "Keep these in your account?". Keep uploads it as saves (then it is in My account);
 * Not now keeps it on the device and does not ask again.
 */

/** Plays Yardcore as a guest from saved level-2 progress and leaves to the menu (which saves it). */
async function makeGuestProgress(page: Page) {
  await openWithSave(page, 3, { progress: { score: 40, cutCount: 0, level: 2 } });
  await page.getByTestId('yard-intro').getByRole('button', { name: 'Continue' }).click();
  await playing(page);
  await page.keyboard.press('Escape');
  await page.getByTestId('yard-paused').getByRole('button', { name: 'Exit to Menu' }).click();
  await expect(page.getByTestId('yard-intro').getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('futile:guest-items') ?? '[]').length))
    .toBe(1);
}

/** Dev sign-in from the account page (a full-page round trip), without waiting on what shows after. */
async function signInAsDevUser(page: Page) {
  await page.goto('/account');
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Dev: User' }).click();
  await page.waitForURL('**/account');
}

for (const [label, size] of [
  ['phone', PHONE_SIZE],
  ['desktop', DESKTOP_SIZE],
] as const) {
  test(`${label}: a guest's Yardcore progress is offered after sign-in, and Keep puts it in My account`, async ({
    page,
  }) => {
    // A game, a sign-in round trip and the account page in one test.
    test.slow();
    await page.setViewportSize(size);
    await makeGuestProgress(page);
    await signInAsDevUser(page);
    const offer = page.getByRole('dialog', { name: 'Keep these in your account?' });
    await expect(offer).toContainText('Yardcore Level 2, 40 points', { timeout: 20_000 });
    await expectNoSeriousA11yViolations(page, 'the guest progress offer', '.pf-dialog');
    await page.screenshot({ path: `test-results/guest-progress/offer-${label}.png` });
    // By keyboard: Keep them takes focus and Enter presses it.
    await offer.getByRole('button', { name: 'Keep them' }).focus();
    await page.keyboard.press('Enter');
    await expect(offer).toContainText('Kept in your account.');
    await offer.getByRole('button', { name: 'Done' }).click();
    await expect(offer).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('futile:guest-items'))).toBe('[]');
    await page.reload();
    const saved = page.getByRole('region', { name: 'yardcore' });
    await expect(saved).toContainText('Level 2, 40 points (', { timeout: 30_000 });
    // Asked once: nothing left to offer after a reload.
    await expect(page.getByRole('dialog', { name: 'Keep these in your account?' })).toHaveCount(0);
  });
}

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: PHONE_SIZE });

  test('Not now (tapped) keeps the progress on this device and does not ask again', async ({ page }) => {
    test.slow();
    await makeGuestProgress(page);
    await signInAsDevUser(page);
    const offer = page.getByRole('dialog', { name: 'Keep these in your account?' });
    await expect(offer).toContainText('Level 2, 40 points', { timeout: 20_000 });
    await offer.getByRole('button', { name: 'Not now' }).tap();
    await expect(offer).toBeHidden();
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('futile:guest-items') ?? '[]').length),
    ).toBe(1);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Saved items' })).toBeVisible({ timeout: 30_000 });
    // The offer loads with the page's other after-load pieces (the same lazy boundary as these notices).
    await expect(page.locator('.pwa-status')).toBeAttached({ timeout: 20_000 });
    await page.waitForTimeout(500);
    await expect(offer).toHaveCount(0);
    // Yardcore's own progress is untouched: Continue is still there.
    await page.goto('/yardcore');
    await expect(page.getByTestId('yard-intro').getByRole('button', { name: 'Continue' })).toBeVisible({
      timeout: 30_000,
    });
  });
});
