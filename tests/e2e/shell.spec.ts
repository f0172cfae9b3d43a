import { expect, type Response, test } from '@playwright/test';
import { watchConsole } from './watchConsole.ts';

/** The site shell (platform spec §2): routes, redirects, error page, scroll, meta, analytics. */

const PLATFORM_ROUTES = ['/', '/about', '/privacy', '/account', '/admin'];

for (const path of PLATFORM_ROUTES) {
  test(`${path} loads with no console errors`, async ({ page }) => {
    const console = watchConsole(page);
    await page.goto(path);
    await expect(page.locator('#root main, #root h1').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(console.errors).toEqual([]);
  });
}

test('the legacy paths redirect to their games', async ({ page }) => {
  await page.goto('/wack-a-moji');
  await expect(page).toHaveURL('/whac-a-moji');
  await page.goto('/gone-rogue');
  await expect(page).toHaveURL('/yardcore');
});

test('an unknown path shows the router error page with a way home', async ({ page }) => {
  const console = watchConsole(page);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText('404 Not Found')).toBeVisible();
  await expect(page).toHaveTitle(/Unexpected Application Error!/);
  await page.getByRole('link', { name: '← Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Futile' })).toBeVisible();
  expect(console.errors).toEqual([]);
});

test('every path change scrolls back to the top', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/about');
  const footerLink = page.getByRole('link', { name: 'Privacy Policy' });
  await footerLink.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await footerLink.click();
  await expect(page).toHaveURL('/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // And from the long home list on a phone.
  await page.goto('/');
  await page.getByRole('button', { name: 'what?' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.getByRole('button', { name: 'what?' }).click();
  await expect(page).toHaveURL('/about');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the title and sharing tags follow the route', async ({ page }) => {
  const meta = (name: string) =>
    page.locator(`meta[name="${name}"], meta[property="${name}"]`).first().getAttribute('content');
  await page.goto('/');
  await expect(page).toHaveTitle('Futile — small browser games and toys');
  await page.getByRole('button', { name: 'what?' }).click();
  await expect(page).toHaveTitle('About Futile');
  expect(await meta('og:title')).toBe('About Futile');
  expect(await meta('description')).toMatch(/tiny, slightly pointless browser games/);
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveTitle('Privacy policy — Futile');
  expect(await meta('og:description')).toMatch(/delete your account/);
  await page.goBack();
  await expect(page).toHaveTitle('About Futile');
});

test("a shared link's first answer carries its route's sharing tags (link previews run no script)", async ({
  request,
}) => {
  const head = async (url: string) => {
    const res = await request.get(url, { headers: { accept: 'text/html' } });
    expect(res.status(), url).toBe(200);
    const html = await res.text();
    const tag = (key: string) =>
      new RegExp(`<meta\\s+(?:name|property)="${key}"\\s+content="([^"]*)"`).exec(html)?.[1];
    return {
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
      ogTitle: tag('og:title'),
      description: tag('description'),
    };
  };
  const synth = await head('/synth?loadId=1&loadKey=k');
  expect(synth.title).toBe('Synth Loops — Futile');
  expect(synth.ogTitle).toBe('Synth Loops — Futile');
  expect(synth.description).toMatch(/pocket synth/);
  // As written in HTML: the & escaped.
  expect((await head('/race')).ogTitle).toBe('Draw &amp; Race — Futile');
  // A legacy path previews as the game it opens.
  expect((await head('/wack-a-moji')).ogTitle).toBe('Whac-a-Moji — Futile');
  // A page without sharing tags of its own keeps the site's.
  expect((await head('/account')).ogTitle).toBe('Futile — small browser games and toys');
});

test('no analytics are sent when no endpoint is configured', async ({ page }) => {
  const beacons: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    const ours = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
    if (req.method() === 'POST' || (!ours && !url.hostname.startsWith('fonts.'))) beacons.push(req.url());
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'what?' }).click();
  await expect(page).toHaveURL('/about');
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/privacy');
  await page.waitForLoadState('networkidle');
  expect(beacons).toEqual([]);
});

test('the home page loads neither Pixi nor Tone', async ({ page }) => {
  const scripts: Response[] = [];
  const onResponse = (res: Response) => {
    if (res.request().resourceType() === 'script') scripts.push(res);
  };
  page.on('response', onResponse);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Futile' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Read the bodies only once the listener is off: a body asked for in the listener itself
  // (a script the service worker fetched after this point) was still being read when the
  // test ended, and failed it with "response.text: Test ended".
  page.off('response', onResponse);
  const bodies = await Promise.all(scripts.map((res) => res.text()));
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) {
    expect(body).not.toContain('PixiJS');
    expect(body).not.toContain('TONE_SILENCE_LOGGING');
  }
});
