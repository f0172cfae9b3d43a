import { expect, type Page, test } from '@playwright/test';
import config from '../../playwright.config.ts';
import { compareOnsets, detectOnsets } from '../../src/games/synth/engine/onsets.ts';
import { stepTime } from '../../src/games/synth/engine/timing.ts';
import { decodeWav16 } from '../../src/games/synth/engine/wav.ts';
import { playheadBarMs, playheadSteps, samplePlayhead } from './synth-helpers.ts';
import { watchConsole } from './watchConsole.ts';

/**
 * Synth Loops end to end against the real server and build: enable audio, build a
 * pattern, save a loop, mute it, save the song signed in, reload with ?loadId=.
 */

const SHOTS = 'test-results/synth-screens';
const baseArgs = config.use?.launchOptions?.args ?? [];
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...baseArgs, '--autoplay-policy=no-user-gesture-required'],
  },
});

async function buildPattern(page: Page, steps: number[]) {
  await page.getByRole('button', { name: 'Clear' }).click();
  for (const s of steps) await page.getByRole('button', { name: `Step ${s}`, exact: true }).click();
  for (const s of steps)
    await expect(page.getByRole('button', { name: `Step ${s}`, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
}

test('design, sequence, loop, save signed in and restore with ?loadId=', async ({ page }) => {
  const watch = watchConsole(page);
  await page.goto('/api/account/dev_login.php?as=user&redirect=/synth');
  await expect(page).toHaveURL(/\/synth$/);
  await expect(page.getByRole('heading', { name: 'Sound' })).toBeVisible();
  for (const card of ['Pattern', 'Transport', 'Loops'])
    await expect(page.getByRole('heading', { name: card, exact: true })).toBeVisible();
  await expect(page.getByText('No loops yet — design a sound, make a pattern, and Save Loop.')).toBeVisible();

  // Enable Audio is shown until audio is ready.
  const enable = page.getByRole('button', { name: 'Enable Audio' });
  await enable.click();
  await expect(enable).toBeHidden();

  // Sound: a preset and a knob moved from the keyboard (role=slider).
  await page.getByRole('button', { name: 'Bass', exact: true }).click();
  const cutoff = page.getByRole('slider', { name: 'Cutoff' });
  await cutoff.focus();
  await page.keyboard.press('End');
  await expect(cutoff).toHaveAttribute('aria-valuenow', '8000');
  await page.keyboard.press('Home');
  await expect(cutoff).toHaveAttribute('aria-valuenow', '100');
  await page.keyboard.press('PageUp');
  await expect(cutoff).not.toHaveAttribute('aria-valuenow', '100');
  // Undo (Ctrl+Z) walks the knob back.
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await page.keyboard.press('Control+z');
  await expect(cutoff).toHaveAttribute('aria-valuenow', '100');

  await buildPattern(page, [1, 5, 9, 13]);

  // Transport: a typed BPM outside 60..180 reverts.
  const bpm = page.getByRole('textbox', { name: 'BPM' });
  await bpm.fill('250');
  await bpm.press('Enter');
  await expect(bpm).toHaveValue('100');
  await bpm.fill('132');
  await bpm.press('Enter');
  await expect(bpm).toHaveValue('132');

  // Play: the playhead moves over the pads from the audio clock.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => playheadSteps(page)).toHaveLength(1);
  const [first] = await playheadSteps(page);
  await expect.poll(async () => (await playheadSteps(page))[0], { timeout: 5000 }).not.toBe(first);

  // Loops: save, mute.
  await page.getByRole('button', { name: 'Save Loop' }).click();
  const loops = page.locator('.synth-loop');
  await expect(loops).toHaveCount(1);
  await expect(loops.first().locator('.synth-loop__name')).toHaveText('Loop');
  await page.getByRole('button', { name: 'Mute Loop' }).click();
  await expect(page.getByRole('button', { name: 'Unmute Loop' })).toHaveAttribute('aria-pressed', 'true');

  await page.screenshot({ path: `${SHOTS}/desktop.png`, fullPage: true });
  await page.getByRole('button', { name: 'Stop', exact: true }).click();

  // Save the song through the account menu's shared flow.
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'Save' }).click();
  const prompt = page.getByRole('dialog');
  await expect(prompt.getByRole('textbox')).toHaveValue('composition');
  await prompt.getByRole('textbox').fill('my jam');
  await prompt.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toContainText('Saved "my jam"');
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();

  const list = await page.request.get('/api/saves/list.php?appId=synth');
  const { items } = (await list.json()) as { items: { id: string; key: string }[] };
  const saved = items.find((i) => i.key === 'my jam');
  expect(saved).toBeTruthy();

  // A fresh page with ?loadId= restores the song.
  await page.goto(`/synth?loadId=${encodeURIComponent(saved?.id ?? '')}`);
  await expect(page.locator('.synth-loop')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Unmute Loop' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'BPM' })).toHaveValue('132');
  await page.getByRole('button', { name: 'Edit Loop' }).click();
  for (const s of [1, 5, 9, 13])
    await expect(page.getByRole('button', { name: `Step ${s}`, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  await expect(page.getByRole('button', { name: 'Step 2', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  expect(watch.errors).toEqual([]);
});

test('a bad ?loadId= is silently ignored; rename, edit and delete loops', async ({ page }) => {
  // Three confirm dialogs on top of the rest: slow on a loaded 2-core machine.
  test.slow();
  const watch = watchConsole(page);
  await page.goto('/synth?loadId=does-not-exist');
  await expect(page.getByRole('heading', { name: 'Loops', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Kick', exact: true }).click();
  await buildPattern(page, [1, 9]);
  await page.getByRole('button', { name: 'Save Loop' }).click();
  await page.getByRole('button', { name: 'Hat', exact: true }).click();
  await buildPattern(page, [3, 7, 11, 15]);
  await page.getByRole('button', { name: 'Save Loop' }).click();
  await expect(page.locator('.synth-loop')).toHaveCount(2);

  await page.getByRole('button', { name: 'Rename Loop' }).first().click();
  const rename = page.getByRole('textbox', { name: 'New name for Loop' });
  await rename.fill('Four kicks');
  await rename.press('Enter');
  await expect(page.locator('.synth-loop__name').first()).toHaveText('Four kicks');

  await page.getByRole('button', { name: 'Edit Four kicks' }).click();
  await expect(page.getByRole('textbox', { name: 'Sound name' })).toHaveValue('Kick');
  await expect(page.getByRole('button', { name: 'Step 9', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Step 3', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Deleting asks first (platform spec §5); Cancel keeps the loop.
  await page.getByRole('button', { name: 'Delete Four kicks' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete loop' });
  await expect(confirm).toContainText('Delete "Four kicks"?');
  await page.screenshot({ path: `${SHOTS}/delete-confirm-1440.png` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.locator('.synth-loop')).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete Four kicks' }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.locator('.synth-loop')).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete Loop' }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.synth-loop')).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete Loop' }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No loops yet — design a sound, make a pattern, and Save Loop.')).toBeVisible();
  expect(watch.errors).toEqual([]);
});

test('no cap on loops: Save Loop works past 32, and a saved song of 40 loads whole', async ({ page }) => {
  // 33 saves, each a new row with its own playhead: slow on a loaded 2-core machine.
  test.slow();
  const watch = watchConsole(page);
  await page.goto('/api/account/dev_login.php?as=user&redirect=/synth');
  await expect(page).toHaveURL(/\/synth$/);
  const save = page.getByRole('button', { name: 'Save Loop' });
  for (let n = 1; n <= 33; n++) {
    await save.click();
    await expect(page.locator('.synth-loop')).toHaveCount(n);
  }
  await expect(save).toBeEnabled();

  // A song of 40 loops saved to the account loads with every loop.
  const key = `forty loops ${Date.now()}`;
  const saved = await page.evaluate(async (name) => {
    const loops = Array.from({ length: 40 }, (_, i) => ({
      id: `l${i}`,
      name: `Loop ${i + 1}`,
      pattern: Array.from({ length: 16 }, (_, s) => s % 4 === i % 4),
      muted: false,
    }));
    const res = await fetch('/api/saves/save.php', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ appId: 'synth', key: name, data: { version: 1, bpm: 100, loops } }),
    });
    return (await res.json()) as { success: boolean; id: string };
  }, key);
  expect(saved.success).toBe(true);
  await page.goto(`/synth?loadId=${encodeURIComponent(saved.id)}`);
  await expect(page.locator('.synth-loop')).toHaveCount(40);
  await expect(page.locator('.synth-loop__name').last()).toHaveText('Loop 40');
  expect(watch.errors).toEqual([]);
});

test('the playhead: one step at a time on pads and loops, at the tempo set, lifted unless motion is reduced', async ({
  page,
}) => {
  test.slow();
  await page.goto('/synth');
  await page.getByRole('button', { name: 'Enable Audio' }).click();
  await expect(page.getByRole('button', { name: 'Enable Audio' })).toBeHidden();
  await page.getByRole('button', { name: 'Save Loop' }).click();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => playheadSteps(page)).toHaveLength(1);

  // 100 BPM: a bar of 16 steps is 2.4 s; exactly one pad lit, lifted, the loop's row on the same step.
  expect(await playheadBarMs(page)).toEqual([2400]);
  const at100 = await samplePlayhead(page, 1000);
  expect(at100.litCounts).toEqual([1]);
  expect(at100.loopsApart).toBe(0);
  expect(at100.lifted).toBe(true);
  const [first] = await playheadSteps(page);
  await expect.poll(async () => (await playheadSteps(page))[0], { timeout: 5000 }).not.toBe(first);

  // A new tempo while playing: the playhead takes its pace (a bar of 1.33 s at 180).
  const bpm = page.getByRole('textbox', { name: 'BPM' });
  await bpm.fill('180');
  await bpm.press('Enter');
  await expect.poll(() => playheadBarMs(page)).toEqual([1333.3]);
  const at180 = await samplePlayhead(page, 1000);
  expect(at180.litCounts).toEqual([1]);
  expect(at180.loopsApart).toBe(0);

  // Reduced motion: the steps stop lifting, the playhead still shows where it is, and moves.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(async () => (await samplePlayhead(page, 300)).lifted).toBe(false);
  const reduced = await samplePlayhead(page, 1000);
  expect(reduced.litCounts).toEqual([1]);
  expect(await playheadBarMs(page)).toEqual([1333.3]);
  const [still] = await playheadSteps(page);
  await expect.poll(async () => (await playheadSteps(page))[0], { timeout: 5000 }).not.toBe(still);

  // Stopped: nothing lit, and Play shows it again.
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect.poll(() => playheadSteps(page)).toEqual([]);
  await expect.poll(() => playheadSteps(page, '.synth-loop__cells')).toEqual([]);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => playheadSteps(page)).toHaveLength(1);
});

test('exports the song as a 16-bit WAV whose notes sit on the grid', async ({ page }) => {
  await page.goto('/synth');
  await page.getByRole('button', { name: 'Hat', exact: true }).click();
  await buildPattern(page, [1, 5, 9, 13]);
  await page.getByRole('combobox', { name: 'Bars' }).selectOption('2');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export WAV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('futile-synth-loops-100bpm-2bars.wav');
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  const wav = decodeWav16(new Uint8Array(Buffer.concat(chunks)));
  expect(wav.sampleRate).toBe(44100);
  expect(wav.channels).toHaveLength(2);
  // 2 bars at 100 BPM = 4.8 s, plus the release/delay tail.
  expect(wav.channels[0].length / 44100).toBeGreaterThan(4.8);
  // Hats on steps 1, 5, 9, 13 of both bars: each onset within 1 ms of its grid time.
  const grid = [0, 1].flatMap((bar) => [0, 4, 8, 12].map((step) => stepTime(step, bar, 100)));
  const found = compareOnsets(grid, detectOnsets(wav.channels[0], 44100, 0.02, 0.05), 0.02);
  expect(found.missing).toBe(0);
  expect(found.extra).toBe(0);
  expect(found.maxS).toBeLessThan(0.001);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  test('fits a phone screen', async ({ page }) => {
    await page.goto('/synth');
    await page.getByRole('button', { name: 'Enable Audio' }).click();
    await page.getByRole('button', { name: 'Save Loop' }).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/phone.png`, fullPage: true });
    await page.screenshot({ path: `${SHOTS}/phone-top.png` });
  });
});
