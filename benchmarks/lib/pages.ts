/** Opening a game page for a measurement: fresh context, console errors kept, the scene's start steps run. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SCENES, type Scene } from '../scenes.ts';
import type { BenchContext } from '../types.ts';
import { runSteps } from './pagedriver.ts';
import { type BuildInfo, gameInBuild } from './site.ts';

export const VIEWPORT = { width: 1280, height: 800 };

/** The scenes whose game is in the build; the others are noted as not present. */
export function presentScenes(ctx: BenchContext, build: BuildInfo): Scene[] {
  // BENCH_SCENES=slug,slug narrows the page parts to some games (e.g. while working on one).
  const only = (process.env.BENCH_SCENES ?? '').split(',').filter(Boolean);
  const present = SCENES.filter(
    (scene) => gameInBuild(build, scene.slug) && (only.length === 0 || only.includes(scene.slug)),
  );
  const absent = SCENES.filter((scene) => !gameInBuild(build, scene.slug));
  if (absent.length)
    ctx.note?.(
      `pages not present (no src/games/<slug>/index.tsx in the build): ${absent.map((s) => `/${s.slug}`).join(', ')}`,
    );
  return present;
}

export interface OpenScene {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

export async function openScene(browser: Browser, origin: string, scene: Scene): Promise<OpenScene> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    const response = await page.goto(origin + scene.path, { waitUntil: 'load', timeout: 60_000 });
    if (!response?.ok()) throw new Error(`${scene.path} answered ${response?.status()}`);
    await runSteps(page, scene.start);
  } catch (error) {
    await context.close();
    throw error;
  }
  return { context, page, errors };
}

/** Resource failures from having no network (e.g. the display-font stylesheet): expected here, not the page's fault. */
const OFFLINE_FAILURE =
  /net::ERR_(NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|CONNECTION_REFUSED|NETWORK_ACCESS_DENIED)/;

export function errorNote(scene: Scene, errors: string[]): string | null {
  const real = errors.filter((e) => !OFFLINE_FAILURE.test(e));
  const offline = errors.length - real.length;
  const offlineText = offline
    ? ` (${offline} failed external resource load(s) ignored: no network here)`
    : '';
  if (!real.length) return offline ? `${scene.path}: no console errors${offlineText}` : null;
  return `${scene.path}: ${real.length} console error(s), first: ${real[0].slice(0, 200)}${offlineText}`;
}
