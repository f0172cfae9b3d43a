/**
 * Lighthouse: the accessibility score of every page of the built site, served
 * by the real server, in the system Chromium; goal ≥ 95 each. Lighthouse 12 dropped its
 * PWA category and installability audit, so installability comes from Chromium itself
 * (DevTools protocol Page.getInstallabilityErrors on home, after the service worker has
 * taken the page): the figure is the number of reasons Chromium gives for "not installable".
 */
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, ensureBuild, ensureServer, recordServerUser } from '../lib/site.ts';
import type { BenchFigure, BenchPart } from '../types.ts';

/** Every page of spec §2 (games by their paths in src/routeTable.ts). */
export const LIGHTHOUSE_PAGES = [
  '/',
  '/about',
  '/privacy',
  '/account',
  '/admin',
  '/gravity',
  '/whac-a-moji',
  '/lunar-lander',
  '/synth',
  '/crit-happens',
  '/yardcore',
  '/race',
];

const GOAL = 95;

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Chromium's own installability verdict for home, once the service worker controls it, in
 * the launched browser's default profile (a Playwright context would be incognito, and
 * Chromium never installs from incognito).
 */
async function installabilityErrors(cdpOrigin: string, origin: string): Promise<string[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(cdpOrigin);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('the launched Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    await page.close();
    return installabilityErrors.map((e) => e.errorId);
  } finally {
    // Only the connection: chrome-launcher owns the browser.
    await browser.close();
  }
}

/** Up to three elements an audit failed on, by selector. */
function failedNodes(audit: { details?: unknown }): string {
  const items = (audit.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [];
  const selectors = items.map((i) => i.node?.selector).filter((s): s is string => !!s);
  return selectors.length ? ` (${selectors.slice(0, 3).join('; ')}${selectors.length > 3 ? '; …' : ''})` : '';
}

export const part: BenchPart = {
  name: 'lighthouse',
  description: 'Lighthouse accessibility score of every page (goal ≥ 95) and Chromium installability of home',
  async run(ctx) {
    if (!ctx.chromium) throw new Error('no Chromium found (set CHROMIUM_PATH)');
    await ensureBuild(ctx);
    const server = await ensureServer(ctx);
    recordServerUser('lighthouse');
    const { launch } = await import('chrome-launcher');
    const port = await freePort();
    const chrome = await launch({
      chromePath: ctx.chromium,
      port,
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    });
    const figures: BenchFigure[] = [];
    try {
      for (const path of LIGHTHOUSE_PAGES) {
        ctx.progress(`Lighthouse accessibility: ${path}…`);
        const result = await lighthouse(`${server.origin}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['accessibility'],
          formFactor: 'mobile',
          screenEmulation: { mobile: true, width: 360, height: 640, deviceScaleFactor: 2, disabled: false },
          throttlingMethod: 'provided',
        });
        const category = result?.lhr.categories.accessibility;
        if (!category || category.score === null)
          throw new Error(`Lighthouse gave no accessibility score for ${path}`);
        const failing = Object.values(result.lhr.audits)
          .filter((a) => a.score === 0 && a.scoreDisplayMode === 'binary')
          .map((a) => `${a.id}${failedNodes(a)}`);
        if (failing.length)
          ctx.note?.(`Lighthouse accessibility audits failing on ${path}: ${failing.join(', ')}`);
        figures.push({
          id: `lighthouse.accessibility.${path === '/' ? 'home' : path.slice(1)}`,
          label: `Lighthouse accessibility ${path} (phone size)`,
          value: Math.round(category.score * 100),
          unit: 'score',
          goal: { op: '>=', value: GOAL, text: 'every page usable by keyboard and screen reader' },
          better: 'higher',
        });
      }
      ctx.progress('Chromium installability of home…');
      const errors = await installabilityErrors(`http://127.0.0.1:${chrome.port}`, server.origin);
      figures.push({
        id: 'lighthouse.pwa.installabilityErrors',
        label: 'home: reasons Chromium gives for not installable',
        value: errors.length,
        unit: 'errors',
        goal: { op: '<=', value: 0, text: 'installable PWA: play offline from the home screen' },
        better: 'lower',
        ...(errors.length ? { flags: errors.map((e) => `not installable: ${e}`) } : {}),
      });
    } finally {
      await chrome.kill();
    }
    return figures;
  },
};

export default part;
