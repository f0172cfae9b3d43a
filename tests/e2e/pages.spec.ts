import { expect, test } from '@playwright/test';
import { watchConsole } from './watchConsole.ts';

/** About and Privacy (platform spec §2). */

test('About: back button, heading with the brand, its sections and links, footer', async ({ page }) => {
  const console = watchConsole(page);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Futile' })).toBeVisible();
  for (const name of ['What is this?', 'Technology', 'Philosophy', 'Support', 'My other stuff']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }

  // The owner's pages are the build's configuration (.env.e2e for this build), never a service's home page.
  const support = page.getByRole('region', { name: 'Support' });
  const coffee = support.getByRole('link', { name: 'buy me a coffee' });
  await expect(coffee).toHaveAttribute('href', 'https://support.e2e.example/futile');
  await expect(coffee).toHaveAttribute('target', '_blank');

  const other = page.getByRole('region', { name: 'My other stuff' }).getByRole('link');
  await expect(other).toHaveText([
    'Photography portfolio',
    'Code',
    'Photo sharing',
    'Video channel',
    'Social',
  ]);
  const hrefs = await other.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual([
    'https://portfolio.e2e.example/',
    'https://code.e2e.example/futile',
    'https://photos.e2e.example/futile',
    'https://video.e2e.example/@futile',
    'https://social.e2e.example/@futile',
  ]);
  for (const link of await other.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  await page.screenshot({ path: 'test-results/platform-screens/about-links-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 640 });
  await page.screenshot({ path: 'test-results/platform-screens/about-links-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(String(new Date().getFullYear()));
  // The drifting letters behind the page (32 on About).
  await expect(page.locator('.letters-bg__glyph')).toHaveCount(32);
  expect(console.errors).toEqual([]);

  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/privacy');
  await page.goBack();
  await page.getByRole('link', { name: '← Back' }).click();
  await expect(page).toHaveURL('/');
});

test('Privacy: the policy covers what the product stores', async ({ page }) => {
  const console = watchConsole(page);
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(page.getByText('Data deletion request received')).toHaveCount(0);
  const policy = page.getByRole('main');
  for (const topic of [
    'Sessions',
    'Saved items',
    'High scores',
    'IP address',
    'Page views',
    'Admin audit log',
    'Deleting your account',
  ]) {
    await expect(policy).toContainText(topic);
  }
  await expect(policy.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
  // The configured support page is named by its host (.env.e2e).
  await expect(policy).toContainText('The support page (support.e2e.example)');
  await page.getByRole('link', { name: '← Home' }).click();
  await expect(page).toHaveURL('/');
  expect(console.errors).toEqual([]);
});

test('Privacy: a deletion confirmation shows its code', async ({ page }) => {
  await page.goto('/privacy?deleted=1&code=DEL-7Q2X-91');
  const notice = page.getByRole('status');
  await expect(notice).toContainText('Data deletion request received');
  await expect(notice.locator('code')).toHaveText('DEL-7Q2X-91');
  // Text only: markup in the code is shown, never run.
  await page.goto('/privacy?deleted=1&code=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
  await expect(page.getByRole('status').locator('code')).toHaveText('<img src=x onerror=alert(1)>');
  // No code, no notice.
  await page.goto('/privacy?deleted=1');
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Data deletion request received')).toHaveCount(0);
});

test('the shared game header: ← Home, a title in a display font that changes on click, account button', async ({
  page,
}) => {
  const console = watchConsole(page);
  await page.route('https://fonts.googleapis.com/**', (route) => route.abort('internetdisconnected'));
  // Any game page will do; the header is the same on all of them.
  await page.goto('/whac-a-moji');
  const header = page.getByRole('banner');
  // The game route is a lazy chunk: wait for it rather than counting too early.
  await expect(header).toBeVisible();
  const title = header.getByRole('heading', { level: 1 }).getByRole('button');
  const font = await title.getAttribute('data-font');
  expect(font).toBeTruthy();
  await expect(title).toHaveAttribute('title', `Font: ${font} (click to change)`);
  expect(await title.evaluate((el) => getComputedStyle(el).fontFamily)).toContain(font!);
  // Offline: a warning, then the fallback face; the page goes on.
  await expect(title).toHaveAttribute('data-font-status', 'fallback');
  expect(console.warnings.some((w) => w.includes(`Display font "${font}" not loaded`))).toBe(true);

  await title.click();
  await expect(title).not.toHaveAttribute('data-font', font!);
  const next = await title.getAttribute('data-font');
  await expect(title).toHaveAttribute('title', `Font: ${next} (click to change)`);
  await expect(header.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(console.errors).toEqual([]);

  await header.getByRole('link', { name: '← Home' }).click();
  await expect(page).toHaveURL('/');
});
