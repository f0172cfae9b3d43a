import { expect, type Page, test } from '@playwright/test';
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
