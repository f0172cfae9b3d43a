// Fails the end-to-end run early, with instructions, when no Chromium is installed.
import { findChromium } from './chromium.mjs';

const found = findChromium();
if (!found) {
  console.error(`
  No Chromium found for the end-to-end tests.
  ${process.env.CHROMIUM_PATH ? `CHROMIUM_PATH points at "${process.env.CHROMIUM_PATH}", which does not exist.` : 'Looked in /usr/bin/chromium and the usual places.'}

  On Debian/Ubuntu, as root:   bash scripts/install-chromium.sh
  Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chromium
`);
  process.exit(1);
}
