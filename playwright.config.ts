import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const executablePath = findChromium() ?? undefined;
const CLEAN_DATABASE_SPECS = /(platform-admin|whac-a-moji)\.spec\.ts$/;

/** End-to-end tests: the real server (fresh SQLite file per run) serving the real build, in system Chromium. */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/artifacts-${PORT}`,
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace records a screencast of every frame: on all tests it cost a fifth of the
    // suite's CPU (crit-happens + gravity specs, 2 workers: 397 s → 312 s, 202 s → 159 s
    // wall). So it is recorded only when a failed test runs again (CI retries once); a
    // failure always keeps its screenshot. `--trace on` records one for a spec at hand.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The build's service worker (pwa.config.ts) stays out of every spec but the offline
    // ones, which allow it with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath,
      // The machine has no network: keep Chromium from phoning home.
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Specs that count what is in the run's one database (the admin console's tracks and
    // users, Whac-a-Moji's empty board and "You placed #1!") run first, before the specs
    // that add to it (race and accessibility share tracks, the offline spec posts a Whac score).
    {
      name: 'clean-database',
      testMatch: CLEAN_DATABASE_SPECS,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'desktop',
      testIgnore: CLEAN_DATABASE_SPECS,
      dependencies: ['clean-database'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT), E2E: '1', CLIENT_DIR: process.env.CLIENT_DIR ?? 'dist' },
  },
});
