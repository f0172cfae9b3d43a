/**
 * What the frames tools that print what they find (profile.ts, quiet.ts) share: their
 * command line (scene slugs, `--name value` options, `--reuse-build`) and the site they
 * measure (the bench build, its server and Chromium), torn down after.
 */
import type { Browser } from 'playwright-core';
import { findChromium } from '../../scripts/chromium.mjs';
import { configureSite, disposeSite, ensureBuild, ensureServer, launchBrowser } from '../lib/site.ts';
import type { BenchContext } from '../types.ts';

/** The value after `name` on the command line, or `fallback`. */
export function toolOption(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

export interface ToolSite {
  ctx: BenchContext;
  build: Awaited<ReturnType<typeof ensureBuild>>;
  server: Awaited<ReturnType<typeof ensureServer>>;
  browser: Browser;
}

/**
 * Runs `body` on the site, for the scenes named on the command line (all when none): the words
 * that are not options, nor the values of the `valued` options. Exits non-zero on a failure.
 */
export function runOnToolSite(
  valued: readonly string[],
  recordMs: number,
  body: (site: ToolSite) => Promise<void>,
): void {
  const run = async () => {
    const slugs = process.argv
      .slice(2)
      .filter((a, i, all) => !a.startsWith('--') && !valued.includes(all[i - 1] ?? ''));
    if (slugs.length) process.env.BENCH_SCENES = slugs.join(',');
    configureSite({ reuseBuild: process.argv.includes('--reuse-build'), framesMs: recordMs });
    const ctx: BenchContext = {
      quick: true,
      chromium: findChromium(),
      progress: (m) => console.error(m),
      note: (m) => console.error(`note: ${m}`),
    };
    const build = await ensureBuild(ctx);
    const server = await ensureServer(ctx);
    const browser = await launchBrowser(ctx);
    try {
      await body({ ctx, build, server, browser });
    } finally {
      await browser.close();
      await disposeSite();
    }
  };
  run().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
