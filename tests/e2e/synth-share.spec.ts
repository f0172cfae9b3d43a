import { expect, type Page, test } from '@playwright/test';
import midiPackage from '@tonejs/midi';
import config from '../../playwright.config.ts';
import { decodeSong, songFromHash } from '../../src/games/synth/engine/songLink.ts';
import { DESKTOP_SIZE, expectNoSeriousA11yViolations, PHONE_SIZE } from './a11y-helpers.ts';
import { openSynth, playheadSteps } from './synth-helpers.ts';
import { watchConsole } from './watchConsole.ts';

// The package is CommonJS: Node's ESM loader sees only its default export.
const { Midi } = midiPackage;

/**
 * Synth Loops beyond the page: a song shared whole in its link (opened in a fresh browser
 * context, and offline after one visit), the song as a MIDI file, and a MIDI keyboard
 * playing and recording into the pattern.
 */

const SHOTS = 'test-results/synth-screens';
const baseArgs = config.use?.launchOptions?.args ?? [];
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...baseArgs, '--autoplay-policy=no-user-gesture-required'],
  },
});

const step = (page: Page, n: number) => page.getByRole('button', { name: `Step ${n}`, exact: true });

async function buildPattern(page: Page, steps: number[]) {
  await page.getByRole('button', { name: 'Clear' }).click();
  for (const s of steps) await step(page, s).click();
  for (const s of steps) await expect(step(page, s)).toHaveAttribute('aria-pressed', 'true');
}

async function expectPattern(page: Page, on: number[]) {
  for (let s = 1; s <= 16; s++)
    await expect(step(page, s)).toHaveAttribute('aria-pressed', on.includes(s) ? 'true' : 'false');
}

/** Two loops (kicks, muted hats), an unsaved pluck in the editor, 132 BPM. */
async function makeSong(page: Page) {
  await page.getByRole('button', { name: 'Kick', exact: true }).click();
  await buildPattern(page, [1, 5, 9, 13]);
  await page.getByRole('button', { name: 'Save Loop' }).click();
  await page.getByRole('button', { name: 'Rename Loop' }).click();
  await page.getByRole('textbox', { name: 'New name for Loop' }).fill('Four kicks');
  await page.getByRole('textbox', { name: 'New name for Loop' }).press('Enter');
  await page.getByRole('button', { name: 'Hat', exact: true }).click();
  await buildPattern(page, [3, 7, 11, 15]);
  await page.getByRole('button', { name: 'Save Loop' }).click();
  await page.getByRole('button', { name: 'Mute Loop' }).click();
  const bpm = page.getByRole('textbox', { name: 'BPM' });
  await bpm.fill('132');
  await bpm.press('Enter');
}

test('a song travels whole in its link, and the address follows edits without adding history', async ({
  page,
  context,
  browser,
}) => {
  // Two pages, two songs' worth of clicks and an axe pass: slow on a loaded 2-core machine.
  test.slow();
  const watch = watchConsole(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openSynth(page);
  const historyLength = await page.evaluate(() => window.history.length);

  await makeSong(page);
  // The address follows the song (debounced replaceState): a song link, and not one history entry more.
  await expect.poll(() => page.evaluate(() => window.location.hash)).toMatch(/^#song=v1\.[A-Za-z0-9_-]+$/);
  expect(await page.evaluate(() => window.history.length)).toBe(historyLength);

  await page.getByRole('button', { name: /Share/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/^http:\/\/localhost:\d+\/synth#song=v1\.[A-Za-z0-9_-]+$/);
  expect(link.length).toBeLessThan(2000);
  await page.screenshot({ path: `${SHOTS}/share-1440.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, 'Synth Loops with Share, Export MIDI and MIDI in');

  // Someone else, no account, no shared storage: a fresh browser context.
  const other = await browser.newContext({ viewport: DESKTOP_SIZE });
  const friend = await other.newPage();
  await openSynth(friend, link);
  await expect(friend.locator('.synth-loop')).toHaveCount(2);
  await expect(friend.locator('.synth-loop__name')).toHaveText(['Four kicks', 'Loop']);
  await expect(friend.getByRole('button', { name: 'Unmute Loop' })).toHaveAttribute('aria-pressed', 'true');
  await expect(friend.getByRole('textbox', { name: 'BPM' })).toHaveValue('132');
  // The editor as it was: the hat pattern, linked to the hat loop.
  await expect(friend.getByRole('textbox', { name: 'Sound name' })).toHaveValue('Hat');
  await expectPattern(friend, [3, 7, 11, 15]);
  await friend.getByRole('button', { name: 'Edit Four kicks' }).click();
  await expect(friend.getByRole('textbox', { name: 'Sound name' })).toHaveValue('Kick');
  await expectPattern(friend, [1, 5, 9, 13]);
  await other.close();
  expect(watch.errors).toEqual([]);
});

test('a reload of ?loadId= keeps the edits made since the load: the song in the address is the newer one', async ({
  page,
}) => {
  await page.goto('/api/account/dev_login.php?as=user&redirect=/synth');
  await expect(page).toHaveURL(/\/synth$/);
  const saved = await page.evaluate(async () => {
    const res = await fetch('/api/saves/save.php', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        appId: 'synth',
        key: `reload keeps edits ${Date.now()}`,
        data: { version: 1, bpm: 100, loops: [{ id: 'a', name: 'Saved', pattern: [true], muted: false }] },
      }),
    });
    return (await res.json()) as { success: boolean; id: string };
  });
  expect(saved.success).toBe(true);
  await page.goto(`/synth?loadId=${encodeURIComponent(saved.id)}`);
  await expect(page.locator('.synth-loop__name')).toHaveText(['Saved']);
  await page.getByRole('button', { name: 'Rename Saved' }).click();
  await page.getByRole('textbox', { name: 'New name for Saved' }).fill('Edited');
  await page.getByRole('textbox', { name: 'New name for Saved' }).press('Enter');
  await expect
    .poll(async () => {
      const r = decodeSong(songFromHash(new URL(page.url()).hash) ?? '', () => 'x');
      return r.ok ? r.song.loops.map((l) => l.name) : [];
    })
    .toEqual(['Edited']);
  expect(new URL(page.url()).search).toBe(`?loadId=${encodeURIComponent(saved.id)}`);
  await page.reload();
  await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible();
  // The save would arrive within a moment of sign-in settling; it must not replace the edits.
  await page.waitForTimeout(1500);
  await expect(page.locator('.synth-loop__name')).toHaveText(['Edited']);
});

test('a damaged or too-new link says so and opens the default song', async ({ page }) => {
  await page.goto('/synth#song=v1.not-a-song');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This song link is damaged or incomplete');
  await expect(page.getByText('No loops yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Synth Loops with a damaged link');
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.goto('/synth#song=v9.AAAA');
  await expect(page.getByRole('alert')).toContainText('made by a newer version of Synth Loops');
  await expect(page.getByText('No loops yet')).toBeVisible();
});

test('pasting another song link into the address asks before replacing the song made here', async ({
  page,
}) => {
  await openSynth(page);
  await page.getByRole('button', { name: 'Save Loop' }).click();
  await expect.poll(() => page.evaluate(() => window.location.hash)).toMatch(/^#song=v1\./);
  const mine = await page.evaluate(() => window.location.hash);
  // A two-loop song from elsewhere (the pinned version 1 link of the unit tests).
  const theirs =
    '#song=v1.83dw8HBtYI5j8OatYjYKzlp1RcOCKZOBzX0ec5SRkpKGaoMkUI5NmMeoiWNBA3d4flJSTqVCUmpOjqBbfmmRQn6eQklGqkJaTn5-EYt3ZnI2n3vO4W3J2ckZqXkKj-asYHECKgUA';
  await page.evaluate((h) => {
    window.location.hash = h;
  }, theirs);
  const ask = page.getByRole('dialog', { name: 'Open song link' });
  await expect(ask).toContainText('will be replaced');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.synth-loop')).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(mine);

  await page.evaluate((h) => {
    window.location.hash = h;
  }, theirs);
  await page.getByRole('dialog', { name: 'Open song link' }).getByRole('button', { name: 'Open' }).click();
  await expect(page.locator('.synth-loop__name')).toHaveText(['Four on the floor', 'Glöckchen ✨']);
  await expect(page.getByRole('textbox', { name: 'BPM' })).toHaveValue('123.4');
});

test('Export MIDI downloads a .mid with one track per loop, drums on channel 10, at the song tempo', async ({
  page,
}) => {
  await openSynth(page);
  await makeSong(page);
  await page.getByRole('combobox', { name: 'Bars' }).selectOption('2');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export MIDI' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('futile-synth-loops-132bpm-2bars.mid');
  const chunks: Buffer[] = [];
  for await (const c of await file.createReadStream()) chunks.push(c as Buffer);
  const midi = new Midi(new Uint8Array(Buffer.concat(chunks)));
  // The file stores microseconds per beat, whole: 454,545 µs is 132.0001 BPM.
  expect(midi.header.tempos[0].bpm).toBeCloseTo(132, 3);
  expect(midi.tracks.map((t) => [t.name, t.channel])).toEqual([
    ['Four kicks', 9],
    ['Loop', 9],
  ]);
  // Kicks (General MIDI 36) on steps 1, 5, 9, 13 of two bars; the linked hat loop as the editor holds it.
  const stepS = 60 / 132 / 4;
  expect(midi.tracks[0].notes.map((n) => [n.midi, Math.round(n.time / stepS)])).toEqual(
    [0, 4, 8, 12, 16, 20, 24, 28].map((s) => [36, s]),
  );
  expect(midi.tracks[1].notes.map((n) => n.midi)).toEqual(Array(8).fill(42));
});

/**
 * Chromium here has Web MIDI but no device: this script stands in for the keyboard (a
 * MIDIAccess with one input whose messages the test sends). It fakes the device, not our
 * code: the page's own handling runs as it would with a real keyboard.
 */
async function fakeMidiKeyboard(page: Page) {
  await page.addInitScript(() => {
    const input = {
      id: 'fake-keys',
      name: 'Fake Keys 49',
      manufacturer: 'Test',
      state: 'connected',
      connection: 'open',
      type: 'input',
      onmidimessage: null as ((e: { data: Uint8Array }) => void) | null,
    };
    const access = {
      inputs: new Map([[input.id, input]]),
      outputs: new Map(),
      sysexEnabled: false,
      onstatechange: null,
    };
    Object.defineProperty(Navigator.prototype, 'requestMIDIAccess', {
      configurable: true,
      value: () => Promise.resolve(access),
    });
    (window as unknown as { fakeMidi: (bytes: number[]) => void }).fakeMidi = (bytes) =>
      input.onmidimessage?.({ data: Uint8Array.from(bytes) });
  });
}

const sendMidi = (page: Page, bytes: number[]) =>
  page.evaluate((b) => (window as unknown as { fakeMidi: (bytes: number[]) => void }).fakeMidi(b), bytes);

test('a MIDI keyboard plays the editor voice and, with Record on while playing, writes steps', async ({
  page,
}) => {
  const watch = watchConsole(page);
  await fakeMidiKeyboard(page);
  await openSynth(page);
  await page.getByRole('button', { name: 'Clear' }).click();
  const midiIn = page.getByRole('button', { name: 'MIDI in' });
  const record = page.getByRole('button', { name: 'Record' });
  await expect(record).toBeDisabled();
  // Keyboard only: focus and Enter.
  await midiIn.focus();
  await page.keyboard.press('Enter');
  await expect(midiIn).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Listening to Fake Keys 49.')).toBeVisible();

  // Stopped, or Record off: keys are heard, nothing is written.
  await sendMidi(page, [0x90, 60, 100]);
  await sendMidi(page, [0x80, 60, 0]);
  await expectPattern(page, []);

  await record.click();
  await expect(record).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => playheadSteps(page)).toHaveLength(1);
  for (let i = 0; i < 3; i++) {
    await sendMidi(page, [0x90, 64, 100]);
    await sendMidi(page, [0x80, 64, 0]);
    await page.waitForTimeout(350);
  }
  await expect.poll(() => page.locator('.synth-step[aria-pressed="true"]').count()).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: `${SHOTS}/midi-record-1440.png` });
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await record.click();
  // The recording pass is one undo step.
  await page.locator('body').click({ position: { x: 5, y: 600 } });
  await page.keyboard.press('Control+z');
  await expectPattern(page, []);
  expect(watch.errors).toEqual([]);
});

test('without Web MIDI there is no MIDI in control', async ({ page }) => {
  await page.addInitScript(() => {
    // Safari and other browsers without Web MIDI.
    delete (Navigator.prototype as { requestMIDIAccess?: unknown }).requestMIDIAccess;
  });
  await openSynth(page);
  await expect(page.getByRole('button', { name: 'Export MIDI' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'MIDI in' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Record' })).toHaveCount(0);
});

test.describe('phone', () => {
  test.use({ viewport: PHONE_SIZE, isMobile: true, hasTouch: true });
  test('Share, Export MIDI and MIDI in fit a 360 px screen and work by touch', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await fakeMidiKeyboard(page);
    await openSynth(page);
    await page.getByRole('button', { name: 'Save Loop' }).tap();
    await page.getByRole('button', { name: 'MIDI in' }).tap();
    await expect(page.getByText('Listening to Fake Keys 49.')).toBeVisible();
    const share = page.getByRole('button', { name: /Share/ });
    await share.scrollIntoViewIfNeeded();
    await share.tap();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('heading', { name: 'Transport' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/share-360.png` });
    await page.screenshot({ path: `${SHOTS}/share-360-full.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page, 'Synth Loops at 360 px');
  });
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });
  test.describe.configure({ timeout: 180_000 });
  test('a song link opens with the network off after one visit', async ({ page, context }) => {
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
      timeout: 90_000,
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openSynth(page);
    await makeSong(page);
    await page.getByRole('button', { name: /Share/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    await context.setOffline(true);
    const fresh = await context.newPage();
    await openSynth(fresh, link);
    await expect(fresh.locator('.synth-loop__name')).toHaveText(['Four kicks', 'Loop']);
    await expect(fresh.getByRole('textbox', { name: 'BPM' })).toHaveValue('132');
    await context.setOffline(false);
  });
});
