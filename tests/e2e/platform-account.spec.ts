import { expect, test } from '@playwright/test';
import { collectConsoleErrors, devSignIn, shootBoth } from './platform-helpers.ts';

test('signed out, My account asks to sign in; the sign-in dialog offers providers and dev logins', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByText('Please sign in to manage your account.')).toBeVisible();
  await shootBoth(page, 'account-signed-out');
  // The card's own Sign in (the header has one too).
  const signIn = page.getByRole('main').getByRole('button', { name: 'Sign in' });
  await signIn.click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Google/ })).toBeDisabled(); // not configured here
  await shootBoth(page, 'signin-dialog');
  await expect(dialog.getByRole('button', { name: /Facebook/ })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: /Facebook/ })).toContainText('coming soon');
  for (const label of ['Dev: Admin', 'Dev: User', 'Dev: Invalid'])
    await expect(dialog.getByRole('button', { name: label })).toBeVisible();
  // Scroll is locked while open; Escape closes and focus returns to the button.
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(signIn).toBeFocused();
  expect(errors).toEqual([]);
});

test('Dev: Invalid ends signed out', async ({ page }) => {
  await page.goto('/account');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Dev: Invalid' }).click();
  await page.waitForURL(/\/account/);
  await expect(page.getByText('Please sign in to manage your account.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('dev sign-in as user: account menu, display name, saved items, sign out', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await devSignIn(page, 'user');
  const account = page.getByRole('button', { name: 'Account: Dev User' });
  await expect(account).toBeVisible();

  // The menu: no Admin console for a plain user; closes on Escape and on an outside click.
  await account.click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu.getByRole('menuitem')).toHaveText(['My account', 'Sign out']);
  await expect(menu.getByRole('menuitem', { name: 'My account' })).toBeFocused();
  await shootBoth(page, 'account-menu');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await account.click();
  await page.getByRole('heading', { name: 'Saved items' }).click();
  await expect(menu).toBeHidden();

  // Display name: Save disabled when blank; 'Saved' on success; the header follows.
  const name = page.getByLabel('Display name');
  await expect(name).toHaveValue('Dev User');
  await expect(name).toHaveAttribute('maxlength', '64');
  await name.fill('   ');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await name.fill('Captain Futile');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account: Captain Futile' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Display name')).toHaveValue('Captain Futile');

  // Saved items, created through the API with this session. (Other specs may save as Dev User
  // at the same time, so only this test's items are asserted.)
  for (const [appId, key] of [
    ['synth', 'Groove one'],
    ['synth', 'Groove two'],
    ['platform-e2e', 'Practice run'],
  ]) {
    const res = await page.request.post('/api/saves/save.php', { data: { appId, key, data: { made: key } } });
    expect(res.ok()).toBe(true);
  }
  await page.reload();
  const synth = page.getByRole('region', { name: 'Synth Loops' });
  const grooves = synth.getByRole('link', { name: /^Groove / });
  await expect(grooves).toHaveText(['Groove two', 'Groove one']); // newest first
  const href = await synth.getByRole('link', { name: 'Groove one' }).getAttribute('href');
  expect(href).toMatch(/^\/synth\?loadId=.+/);
  const other = page.getByRole('region', { name: 'platform-e2e' });
  await expect(other.getByText('Practice run')).toBeVisible();
  await expect(other.getByRole('link')).toHaveCount(0);

  // Delete one after confirmation; Cancel keeps it.
  await page.getByRole('button', { name: 'Delete Groove one' }).click();
  await shootBoth(page, 'confirm-dialog');
  await page
    .getByRole('dialog', { name: 'Delete "Groove one"?' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(synth.getByRole('link', { name: 'Groove one' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Groove one' }).click();
  await page
    .getByRole('dialog', { name: 'Delete "Groove one"?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(synth.getByRole('link', { name: 'Groove one' })).toBeHidden();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Synth Loops' }).getByRole('link', { name: /^Groove / }),
  ).toHaveText(['Groove two']);
  await page.getByRole('button', { name: 'Delete Groove two' }).click();
  await page
    .getByRole('dialog', { name: 'Delete "Groove two"?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('button', { name: 'Delete Practice run' }).click();
  await page
    .getByRole('dialog', { name: 'Delete "Practice run"?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('region', { name: 'platform-e2e' })).toHaveCount(0);

  // Other specs sign in as Dev User too: give the name back.
  await page.getByLabel('Display name').fill('Dev User');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account: Dev User' })).toBeVisible();

  // Sign out from the menu.
  await page.getByRole('button', { name: 'Account: Dev User' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByText('Please sign in to manage your account.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Please sign in to manage your account.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the session is re-checked when the tab regains focus', async ({ page, context }) => {
  await devSignIn(page, 'user');
  // Sign out in another tab, come back: the first tab notices.
  const other = await context.newPage();
  await other.goto('/');
  await other.request.post('/api/account/logout.php');
  await other.close();
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByText('Please sign in to manage your account.')).toBeVisible();
});
