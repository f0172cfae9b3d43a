import type { Rng } from '../pure/rng.ts';

/**
 * Noise buffers for sound recipes, drawn from a seeded generator (never Math.random) so a
 * rendered sound is the same on every run.
 */

/** White noise in [−1, 1), shaped by `envelope(i / length)` (1 everywhere when omitted). */
export function whiteNoiseBuffer(
  ctx: BaseAudioContext,
  length: number,
  rng: Rng,
  envelope: (progress: number) => number = () => 1,
): AudioBuffer {
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i++) data[i] = (rng.next() * 2 - 1) * envelope(i / length);
  return buffer;
}

/**
 * Brown-ish noise: white noise through a one-pole low-pass at `cornerHz`, scaled to `rms`
 * whatever the sample rate. `periodic` runs the filter around the buffer twice and keeps the
 * second lap, so the last sample leads smoothly into the first and the buffer loops without a seam.
 */
export function brownNoiseBuffer(
  ctx: BaseAudioContext,
  length: number,
  rng: Rng,
  { cornerHz, rms, periodic = false }: { cornerHz: number; rms: number; periodic?: boolean },
): AudioBuffer {
  const white = new Float32Array(length);
  for (let i = 0; i < length; i++) white[i] = rng.next() * 2 - 1;
  const a = Math.exp((-2 * Math.PI * cornerHz) / ctx.sampleRate);
  // White noise in [−1, 1) has a standard deviation of 1/√3; the one-pole filter keeps √((1−a)/(1+a)) of it.
  const scale = rms / (Math.sqrt(1 / 3) * Math.sqrt((1 - a) / (1 + a)));
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  let y = 0;
  for (let lap = periodic ? 0 : 1; lap < 2; lap++) {
    for (let i = 0; i < length; i++) {
      y = a * y + (1 - a) * white[i];
      if (lap === 1) data[i] = y * scale;
    }
  }
  return buffer;
}
