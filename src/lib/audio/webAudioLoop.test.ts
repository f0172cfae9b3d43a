import { OfflineAudioContext } from 'node-web-audio-api';
import { describe, expect, it } from 'vitest';
import { WebAudioLoop } from './webAudioLoop.ts';

const RATE = 8000;
const PAD = 0.02;
const PERIOD = 0.05;

/**
 * Renders `seconds` of a loop driven by `drive` in a real (offline) Web Audio graph. The
 * loop's buffer holds 1 inside its period and 9 in the pads, so any pad heard shows.
 */
async function render(seconds: number, drive: (loop: WebAudioLoop) => void): Promise<Float32Array> {
  const ctx = new OfflineAudioContext({
    numberOfChannels: 1,
    length: Math.round(seconds * RATE),
    sampleRate: RATE,
  });
  const buffer = ctx.createBuffer(1, Math.round((PAD * 2 + PERIOD) * RATE), RATE);
  const data = buffer.getChannelData(0);
  const padSamples = Math.round(PAD * RATE);
  for (let i = 0; i < data.length; i++) data[i] = i < padSamples || i >= data.length - padSamples ? 9 : 1;
  const loop = new WebAudioLoop(
    ctx as unknown as BaseAudioContext,
    ctx.destination as unknown as AudioNode,
    buffer as unknown as AudioBuffer,
    { start: PAD, seconds: PERIOD },
  );
  drive(loop);
  return (await ctx.startRendering()).getChannelData(0);
}

const at = (samples: Float32Array, seconds: number) => samples[Math.round(seconds * RATE)];
const slice = (samples: Float32Array, from: number, to: number) =>
  Array.from(samples.subarray(Math.round(from * RATE), Math.round(to * RATE)));
/** The largest step between neighbouring samples: a click is a jump. */
const largestStep = (samples: Float32Array) =>
  samples.slice(1).reduce((most, value, i) => Math.max(most, Math.abs(value - samples[i])), 0);

describe('WebAudioLoop', () => {
  it('is silent until started, fades in to its level, loops only its period, and fades out to silence', async () => {
    const out = await render(1, (loop) => {
      loop.start(0.5, 0.04, 0.1);
      loop.stop(0.16, 0.6);
    });
    expect(Math.max(...slice(out, 0, 0.1).map(Math.abs))).toBe(0);
    // Halfway through the fade in, half the level; after it, the level (for many periods: no pad heard).
    expect(at(out, 0.12)).toBeCloseTo(0.25, 1);
    for (const value of slice(out, 0.15, 0.6)) expect(value).toBeCloseTo(0.5, 4);
    expect(at(out, 0.68)).toBeCloseTo(0.25, 1);
    expect(Math.max(...slice(out, 0.77, 1).map(Math.abs))).toBe(0);
    expect(largestStep(out)).toBeLessThan(0.01);
  });

  it('switched on again while fading out, crossfades to its level without a jump', async () => {
    const out = await render(1, (loop) => {
      loop.start(0.5, 0.04, 0.1);
      loop.stop(0.16, 0.3);
      expect(loop.on).toBe(false);
      loop.start(0.5, 0.04, 0.36);
      expect(loop.on).toBe(true);
    });
    // The old voice is at 0.5 × (1 − 0.06 / 0.16) when the new one starts rising beside it.
    expect(at(out, 0.36)).toBeCloseTo(0.3125, 2);
    for (const value of slice(out, 0.47, 1)) expect(value).toBeCloseTo(0.5, 4);
    expect(largestStep(out)).toBeLessThan(0.01);
  });

  it('switched off mid fade in, fades out from where it was; repeated switches are ignored', async () => {
    const out = await render(0.6, (loop) => {
      loop.start(0.8, 0.1, 0.1);
      loop.start(0.1, 0.01, 0.12);
      loop.stop(0.1, 0.15);
      loop.stop(0.01, 0.16);
    });
    expect(at(out, 0.15)).toBeCloseTo(0.4, 1);
    expect(at(out, 0.2)).toBeCloseTo(0.2, 1);
    expect(Math.max(...slice(out, 0.26, 0.6).map(Math.abs))).toBe(0);
    expect(largestStep(out)).toBeLessThan(0.02);
  });

  it('follows a new level while on (a volume change)', async () => {
    const out = await render(0.5, (loop) => {
      loop.start(0.5, 0.02, 0);
      loop.setLevel(0.2, 0.02, 0.2);
    });
    expect(at(out, 0.1)).toBeCloseTo(0.5, 4);
    expect(at(out, 0.3)).toBeCloseTo(0.2, 4);
  });
});
