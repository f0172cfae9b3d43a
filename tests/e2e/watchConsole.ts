import type { Page } from '@playwright/test';

/**
 * Hosts of the public font service that game titles load display fonts from. The test
 * machines are offline, so Chromium itself reports each of those requests as
 * "Failed to load resource: net::ERR_…" (a browser network log entry, not something
 * the page logged). The page then logs a console.warn and shows the fallback font:
 * that is the expected offline path, so those entries alone are not counted as errors.
 */
export const FONT_SERVICE_HOSTS = ['fonts.googleapis.com', 'fonts.gstatic.com'];

function isOfflineFontRequest(text: string, url: string): boolean {
  if (!/^Failed to load resource: net::ERR_/.test(text)) return false;
  try {
    return FONT_SERVICE_HOSTS.includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

export interface ConsoleWatch {
  /** console.error calls and uncaught exceptions, with the offline font requests left out. */
  errors: string[];
  warnings: string[];
}

/** Collects a page's console errors and warnings from now on. */
export function watchConsole(page: Page): ConsoleWatch {
  const watch: ConsoleWatch = { errors: [], warnings: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'warning') watch.warnings.push(msg.text());
    if (msg.type() !== 'error') return;
    if (isOfflineFontRequest(msg.text(), msg.location().url)) return;
    watch.errors.push(`${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => watch.errors.push(`uncaught: ${err.message}`));
  return watch;
}
