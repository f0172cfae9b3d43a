// Where the system Chromium is: CHROMIUM_PATH, else the Debian package's path, else common names.
import fs from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/snap/bin/chromium',
];

export function findChromium() {
  const override = process.env.CHROMIUM_PATH;
  if (override) return fs.existsSync(override) ? override : null;
  return CANDIDATES.find((p) => fs.existsSync(p)) ?? null;
}
