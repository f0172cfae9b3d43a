import { expect, type Page, test } from '@playwright/test';
import { holdFlightClock, stepFlight, untilFlying } from './lander-helpers.ts';
import { FIRST_LOAD } from './pageLoad.ts';
import { watchConsole } from './watchConsole.ts';

/**
 * Each game owns its volume and mute (games spec §3 Crit Happens
 * settings "volume 0..1 (default 0.9), muted", §5 "Race volume 0..1, step 0.01", §9 "Default
 * volume 0.8"). Nothing one game sets reaches another's sound: checked on the level howler
 * really plays each sample at (window.Howler, which howler sets in a browser).
 */

const SHOTS = 'test-results/sound-screens';

/** The volume of the loaded sample whose file name starts with `name` (hashed build names). */
function sampleVolume(page: Page, name: string): Promise<number | null> {
  return page.evaluate((prefix) => {
    const howler = (
      window as unknown as { Howler?: { _howls: { _src: string | string[]; volume(): number }[] } }
    ).Howler;
    const howl = howler?._howls.find((h) => {
      const src = Array.isArray(h._src) ? h._src[0] : h._src;
      return new URL(src, location.href).pathname.split('/').pop()!.startsWith(`${prefix}-`);
    });
    return howl ? howl.volume() : null;
  }, name);
}

// Mix levels of the samples read here (src/games/*/ui/sound.ts): what each plays at, at 100 %.
const CRIT_FANFARE_MIX = 0.55;
const RACE_BEEP_MIX = 0.5;

async function openRace(page: Page) {
  await page.goto('/race');
  await expect(page.getByTestId('race-stage')).toHaveAttribute('data-ready', 'true', FIRST_LOAD);
}

test('Crit Happens and Draw & Race play at their own volume; a mute elsewhere does not reach them', async ({
  page,
}) => {
  const console = watchConsole(page);

  // Draw & Race's settings: its own volume (0..1, step 0.01, default 0.8) and mute.
  await openRace(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const race = page.getByRole('dialog', { name: 'Settings' });
  const raceVolume = race.getByLabel('Volume');
  await expect(raceVolume).toHaveValue('0.8');
  await expect(raceVolume).toHaveAttribute('step', '0.01');
  await raceVolume.fill('0.3');
  await race.getByLabel('Mute').check();
  await race.getByRole('button', { name: 'Done' }).click();

  // Whac-a-Moji's header mute.
  await page.goto('/whac-a-moji');
  await page.getByRole('button', { name: 'Mute sounds' }).click();
  await expect(page.getByRole('button', { name: 'Unmute sounds' })).toHaveAttribute('aria-pressed', 'true');

  // Crit Happens: its dialog's 90 % is what plays, unmuted, whatever the others set.
  await page.goto('/crit-happens');
  await expect(page.getByTestId('crit-arena').locator('canvas')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Add a d20', exact: true }).click();
  await expect.poll(() => sampleVolume(page, 'fanfare')).not.toBeNull();
  expect(await sampleVolume(page, 'fanfare')).toBeCloseTo(CRIT_FANFARE_MIX * 0.9, 5);
  await page.getByRole('button', { name: '⚙️ Settings' }).click();
  const crit = page.getByRole('dialog', { name: 'Settings' });
  await expect(crit.getByLabel('Volume')).toHaveValue('90');
  await expect(crit.getByLabel('Mute')).not.toBeChecked();
  await crit.getByLabel('Volume').fill('45');
  await expect.poll(() => sampleVolume(page, 'fanfare')).toBeCloseTo(CRIT_FANFARE_MIX * 0.45, 5);
  await crit.getByLabel('Mute').check();
  await expect.poll(() => sampleVolume(page, 'fanfare')).toBe(0);
  await crit.getByLabel('Mute').uncheck();
  await crit.getByLabel('Volume').fill('100');
  await expect.poll(() => sampleVolume(page, 'fanfare')).toBeCloseTo(CRIT_FANFARE_MIX, 5);
  await page.keyboard.press('Escape');

  // Back in Draw & Race: its own settings, untouched by Crit's; its samples follow them.
  await openRace(page);
  await page.getByRole('button', { name: 'Start', exact: true }).first().click();
  await expect.poll(() => sampleVolume(page, 'beep')).toBe(0);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(race.getByLabel('Volume')).toHaveValue('0.3');
  await expect(race.getByLabel('Mute')).toBeChecked();
  await race.getByLabel('Mute').uncheck();
  await expect.poll(() => sampleVolume(page, 'beep')).toBeCloseTo(RACE_BEEP_MIX * 0.3, 5);
  await page.screenshot({ path: `${SHOTS}/race-settings-1440.png` });
  expect(console.errors).toEqual([]);
});

test('Draw & Race settings at 360×640: mute lines up with the volume slider and the laps stepper', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await openRace(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const mute = (await dialog.getByLabel('Mute').boundingBox())!;
  const slider = (await dialog.getByLabel('Volume').boundingBox())!;
  const fewer = (await dialog.getByRole('button', { name: 'Fewer laps' }).boundingBox())!;
  // As big as a finger-sized control (at least 20 px), on the same left edge as the others.
  expect(mute.width).toBeGreaterThanOrEqual(20);
  expect(mute.height).toBeGreaterThanOrEqual(20);
  expect(Math.abs(mute.x - slider.x)).toBeLessThanOrEqual(2);
  expect(Math.abs(mute.x - fewer.x)).toBeLessThanOrEqual(2);
  await page.screenshot({ path: `${SHOTS}/race-settings-360.png` });
});

/**
 * How loud the page's sound is now: the RMS of 100 ms of howler's master output (every sample
 * and loop goes through it), read by an analyser tapped on for the reading.
 */
function loudness(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const howler = (window as unknown as { Howler: { ctx: AudioContext; masterGain: GainNode } }).Howler;
        const analyser = howler.ctx.createAnalyser();
        analyser.fftSize = 2048;
        howler.masterGain.connect(analyser);
        setTimeout(() => {
          const samples = new Float32Array(analyser.fftSize);
          analyser.getFloatTimeDomainData(samples);
          howler.masterGain.disconnect(analyser);
          resolve(Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length));
        }, 100);
      }),
  );
}

/**
 * Starts reading the page's sound (RMS of 20 ms windows of howler's master output, as
 * `loudness` reads it); the returned function stops and tells the loudest it heard.
 */
async function listen(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const howler = (window as unknown as { Howler: { ctx: AudioContext; masterGain: GainNode } }).Howler;
    const analyser = howler.ctx.createAnalyser();
    analyser.fftSize = 1024;
    howler.masterGain.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const heard = { loudest: 0, stop: () => {} };
    const read = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      const rms = Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length);
      heard.loudest = Math.max(heard.loudest, rms);
    }, 20);
    heard.stop = () => {
      clearInterval(read);
      howler.masterGain.disconnect(analyser);
    };
    (window as unknown as { heard: typeof heard }).heard = heard;
  });
  return () =>
    page.evaluate(() => {
      const { heard } = window as unknown as { heard: { loudest: number; stop: () => void } };
      heard.stop();
      return heard.loudest;
    });
}

test("Crit Happens' dice clack as they land (the page follows the drawn roll by its events), and not when muted", async ({
  page,
}) => {
  const console = watchConsole(page);
  await page.goto('/crit-happens?seed=1');
  // No d20: no crit, so no fanfare; what sounds during a roll is its clacks.
  for (const die of ['d6', 'd8', 'd12', 'd4'])
    await page.getByRole('button', { name: `Add a ${die}` }).click();
  const roll = page.getByRole('button', { name: 'Roll', exact: true });
  const history = page.getByRole('list', { name: 'Roll history' }).getByRole('listitem');
  /** The loudest sound from the click on Roll until the roll is in the history (every die at rest). */
  const rollAndListen = async () => {
    await expect(roll).toBeEnabled();
    const rolled = await history.count();
    const stop = await listen(page);
    await roll.click();
    await expect(history).toHaveCount(rolled + 1, { timeout: 20_000 });
    return stop();
  };
  expect(await rollAndListen()).toBeGreaterThan(0.01);
  // Muted in the game's own settings.
  await page.getByRole('button', { name: '⚙️ Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel('Mute').check();
  await settings.getByRole('button', { name: 'Done' }).click();
  expect(await rollAndListen()).toBe(0);
  expect(console.errors).toEqual([]);
});

test("Lunar Lander's engine hums while it thrusts, falls silent when it lets go, and follows the mute", async ({
  page,
}) => {
  const console = watchConsole(page);
  await page.goto('/lunar-lander');
  const intro = page.getByRole('dialog', { name: 'Lunar Lander' });
  await expect(intro.getByRole('button', { name: 'Start mission' })).toBeVisible(FIRST_LOAD);
  // The flight moves only when stepped (a lander flying in real time could land meanwhile).
  await holdFlightClock(page);
  await intro.getByRole('button', { name: 'Start mission' }).click();
  // Flying, not only the HUD shown: it shows while the run ticket is asked for, and steps
  // taken before the flight starts move nothing (the thrust below would never fire).
  await untilFlying(page);
  await expect.poll(() => loudness(page)).toBe(0);
  /** Holds or lets go of the main engine: the engine says it fires at its next tick. */
  const thrust = async (on: boolean) => {
    await (on ? page.keyboard.down('ArrowUp') : page.keyboard.up('ArrowUp'));
    await stepFlight(page, 50);
  };

  // The main engine's loop fades in under a held thrust and out after it (its file loads on the first gesture).
  await thrust(true);
  await expect.poll(() => loudness(page)).toBeGreaterThan(0.02);
  await thrust(false);
  await expect.poll(() => loudness(page)).toBe(0);

  // Muted (the header's toggle), a held thrust is silent; unmuted while held, it sounds.
  await page.getByRole('button', { name: 'Mute sound' }).click();
  await thrust(true);
  await page.waitForTimeout(300);
  expect(await loudness(page)).toBe(0);
  await page.getByRole('button', { name: 'Unmute sound' }).click();
  await expect.poll(() => loudness(page)).toBeGreaterThan(0.02);
  await thrust(false);
  await expect.poll(() => loudness(page)).toBe(0);
  expect(console.errors).toEqual([]);
});
