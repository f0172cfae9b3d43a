/**
 * Shared vitest checks for a game's sound recipes and the WAV files `npm run sounds` committed
 * from them (test-only: imports vitest and node-web-audio-api). A game's test passes its
 * recipes and its committed files, read with `import.meta.glob(…, { query: '?inline' })`.
 */
import { OfflineAudioContext } from 'node-web-audio-api';
import { describe, expect, it } from 'vitest';
import {
  decodeWav16,
  LOOP_PAD_SECONDS,
  type OfflineContextFactory,
  renderSoundFile,
  SOUND_PEAK_DBFS,
  SOUND_SAMPLE_RATE,
  type SoundSet,
} from './soundRecipe.ts';

const createContext: OfflineContextFactory = (options) => new OfflineAudioContext(options);

/** −60 dBFS in 16-bit steps: "silence" at the edges of a one-shot. */
const SILENCE = Math.ceil(32767 * 10 ** (-60 / 20));
const PEAK = Math.round(32767 * 10 ** (SOUND_PEAK_DBFS / 20));

function dataUrlBytes(url: string): Uint8Array {
  const binary = atob(url.slice(url.indexOf(',') + 1));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * `committed` maps each file's path to its contents as a data URL. Regenerating is
 * `npm run sounds`; the message of a failing comparison says so.
 */
export function describeSoundSet(folder: string, sounds: SoundSet, committed: Record<string, string>): void {
  const files = new Map(
    Object.entries(committed).map(([path, url]) => [
      path.slice(path.lastIndexOf('/') + 1).replace(/\.wav$/, ''),
      dataUrlBytes(url),
    ]),
  );
  const names = Object.keys(sounds);
  const oneShots = names.filter((name) => !sounds[name].loop);
  const loops = names.filter((name) => sounds[name].loop);

  describe(`${folder} sounds`, () => {
    it('render to the same bytes every time', async () => {
      const recipe = sounds[names[0]];
      const first = await renderSoundFile(recipe, createContext);
      const second = await renderSoundFile(recipe, createContext);
      expect(second.wav).toEqual(first.wav);
    });

    it(`are all committed under assets/sounds/${folder}/, and nothing else is`, () => {
      expect([...files.keys()].sort(), 'run npm run sounds').toEqual([...names].sort());
    });

    it.each(names)('%s.wav is what npm run sounds renders now', async (name) => {
      const { wav } = await renderSoundFile(sounds[name], createContext);
      const file = files.get(name);
      expect(file, 'run npm run sounds').toBeDefined();
      if (!file) return;
      // Byte for byte on the machine that generated them; elsewhere a platform's maths
      // library may round an exp() differently, so allow one 16-bit step, far below any
      // change to a recipe (each moves thousands of samples by much more).
      expect(file.subarray(0, 44), `${name}.wav header: run npm run sounds`).toEqual(wav.subarray(0, 44));
      const now = decodeWav16(wav).samples;
      const saved = decodeWav16(file).samples;
      let worst = 0;
      for (let i = 0; i < now.length; i++) worst = Math.max(worst, Math.abs(now[i] - saved[i]));
      expect(worst, `${name}.wav differs from its recipe: run npm run sounds`).toBeLessThanOrEqual(1);
    });

    it.each(names)('%s.wav is 16-bit mono at the sound rate, peaking at −1 dBFS', (name) => {
      const { sampleRate, samples } = decodeWav16(files.get(name) ?? new Uint8Array(44));
      expect(sampleRate).toBe(SOUND_SAMPLE_RATE);
      let peak = 0;
      for (const s of samples) peak = Math.max(peak, Math.abs(s));
      expect(Math.abs(peak - PEAK)).toBeLessThanOrEqual(1);
    });

    it.each(oneShots)('%s.wav starts and ends in silence (no click)', (name) => {
      const { samples } = decodeWav16(files.get(name) ?? new Uint8Array(44));
      const edge = Math.round(SOUND_SAMPLE_RATE * 0.002);
      const head = samples.subarray(0, 2);
      const tail = samples.subarray(samples.length - edge);
      expect(Math.max(...head.map(Math.abs)), 'first samples').toBeLessThanOrEqual(SILENCE);
      expect(Math.max(...tail.map(Math.abs)), 'last 2 ms').toBeLessThanOrEqual(SILENCE);
    });

    it.each(loops)('%s.wav repeats without a seam', async (name) => {
      // Render two periods after the warm-up: the second must equal the first, so the
      // kept period's last sample leads into its first exactly as inside the loop.
      const recipe = sounds[name];
      const period = Math.round(recipe.duration * SOUND_SAMPLE_RATE);
      const warmup = Math.round((recipe.loop?.warmup ?? 0) * SOUND_SAMPLE_RATE);
      const ctx = createContext({
        numberOfChannels: 1,
        length: warmup + 2 * period,
        sampleRate: SOUND_SAMPLE_RATE,
      });
      recipe.schedule(ctx, ctx.destination);
      const out = (await ctx.startRendering()).getChannelData(0);
      let peak = 0;
      let worst = 0;
      for (let i = 0; i < period; i++) {
        peak = Math.max(peak, Math.abs(out[warmup + i]));
        worst = Math.max(worst, Math.abs(out[warmup + i] - out[warmup + period + i]));
      }
      expect(worst / peak).toBeLessThan(1e-4);

      // The file: the period with a pad either side that repeats the period's other end.
      const { samples } = decodeWav16(files.get(name) ?? new Uint8Array(44));
      const pad = Math.round(LOOP_PAD_SECONDS * SOUND_SAMPLE_RATE);
      expect(samples.length).toBe(pad + period + pad);
      let padWorst = 0;
      for (let k = 0; k < pad; k++) {
        padWorst = Math.max(padWorst, Math.abs(samples[k] - samples[period + k]));
        padWorst = Math.max(padWorst, Math.abs(samples[pad + period + k] - samples[pad + k]));
      }
      expect(padWorst).toBeLessThanOrEqual(2);
    });
  });
}
