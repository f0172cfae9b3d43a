/**
 * Procedural sound effects rendered ahead of time. A game describes each sound as a recipe
 * that schedules Web Audio nodes into any BaseAudioContext; `npm run sounds`
 * (scripts/generate-sounds.ts) renders every recipe with an OfflineAudioContext in Node and
 * writes 16-bit mono WAV files under assets/sounds/, which the game plays with howler.
 * Everything here is deterministic: the same recipe gives the same bytes on every run.
 */

/** 22,050 Hz: these effects have little above 8 kHz, and it halves the files' size. */
export const SOUND_SAMPLE_RATE = 22_050;

/** Every sound's peak after normalising (−1 dBFS leaves headroom for the 16-bit rounding and resampling). */
export const SOUND_PEAK_DBFS = -1;

export interface SoundRecipe {
  /** Seconds to keep: a one-shot's whole length (tail included), or one period of a loop. */
  readonly duration: number;
  /**
   * A loop renders `warmup` seconds first and drops them, so filters have settled; the recipe
   * must then be periodic with period `duration` (looped buffers of exactly that many samples,
   * modulators with whole cycles per period), so one period wraps around without a seam.
   * Its file holds that period with `LOOP_PAD_SECONDS` of the same signal on either side.
   */
  readonly loop?: { readonly warmup: number };
  /** Schedules the sound into `ctx` from time 0, ending in `out`. */
  schedule(ctx: BaseAudioContext, out: AudioNode): void;
}

/** A game's sounds, by file name (without `.wav`). */
export type SoundSet = Readonly<Record<string, SoundRecipe>>;

/** Makes the offline context to render into (node-web-audio-api's in Node, the browser's in a page). */
export type OfflineContextFactory = (options: {
  numberOfChannels: number;
  length: number;
  sampleRate: number;
}) => OfflineAudioContext;

/**
 * A loop's file is padded on both sides with what comes before and after its period, and the
 * game loops only the period inside it (a howler sprite). Browsers resample a decoded file to
 * their own rate and the resampler sees silence past the file's ends; the pads keep that
 * edge error out of the looped part.
 */
export const LOOP_PAD_SECONDS = 0.02;

/**
 * Renders a recipe to mono samples at `sampleRate`, not yet normalised. A loop's warm-up is
 * dropped and its period kept with `LOOP_PAD_SECONDS` on either side.
 */
export async function renderRecipe(
  recipe: SoundRecipe,
  createContext: OfflineContextFactory,
  sampleRate = SOUND_SAMPLE_RATE,
): Promise<Float32Array> {
  const pad = recipe.loop ? Math.round(LOOP_PAD_SECONDS * sampleRate) : 0;
  const keep = pad + Math.round(recipe.duration * sampleRate) + pad;
  const skip = recipe.loop ? Math.round(recipe.loop.warmup * sampleRate) : 0;
  const ctx = createContext({ numberOfChannels: 1, length: skip + keep, sampleRate });
  recipe.schedule(ctx, ctx.destination);
  const rendered = await ctx.startRendering();
  return rendered.getChannelData(0).slice(skip, skip + keep);
}

/** The largest magnitude among `samples`. */
export function peakOf(samples: ArrayLike<number>): number {
  let peak = 0;
  for (let i = 0; i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i]));
  return peak;
}

/** Scales `samples` (in place) so the largest magnitude sits at `dbfs`. */
export function normalisePeak(samples: Float32Array, dbfs = SOUND_PEAK_DBFS): void {
  const peak = peakOf(samples);
  if (peak === 0) return;
  const gain = 10 ** (dbfs / 20) / peak;
  for (let i = 0; i < samples.length; i++) samples[i] *= gain;
}

/** A RIFF/WAVE file of 16-bit PCM, one channel. */
export function encodeWav16(samples: Float32Array, sampleRate: number): Uint8Array {
  const dataBytes = samples.length * 2;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    view.setInt16(44 + i * 2, Math.round(s * 32767), true);
  }
  return bytes;
}

/** The samples of a file written by `encodeWav16` (for tests and checks). */
export function decodeWav16(bytes: Uint8Array): { sampleRate: number; samples: Int16Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dataBytes = view.getUint32(40, true);
  const samples = new Int16Array(dataBytes / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(44 + i * 2, true);
  return { sampleRate: view.getUint32(24, true), samples };
}

/** Renders, normalises and encodes one recipe: the exact bytes of its committed file (and its peak before normalising). */
export async function renderSoundFile(
  recipe: SoundRecipe,
  createContext: OfflineContextFactory,
  sampleRate = SOUND_SAMPLE_RATE,
): Promise<{ wav: Uint8Array; rawPeak: number }> {
  const samples = await renderRecipe(recipe, createContext, sampleRate);
  const rawPeak = peakOf(samples);
  normalisePeak(samples);
  return { wav: encodeWav16(samples, sampleRate), rawPeak };
}
