import { OfflineAudioContext } from 'node-web-audio-api';
import { describe, expect, it } from 'vitest';
import { createRng } from '../pure/rng.ts';
import { brownNoiseBuffer } from './noise.ts';
import {
  decodeWav16,
  encodeWav16,
  LOOP_PAD_SECONDS,
  normalisePeak,
  peakOf,
  renderRecipe,
  SOUND_SAMPLE_RATE,
  type SoundRecipe,
} from './soundRecipe.ts';

const createContext = (options: { numberOfChannels: number; length: number; sampleRate: number }) =>
  new OfflineAudioContext(options);

describe('encodeWav16', () => {
  it('writes a 44-byte PCM header for one 16-bit channel, then little-endian samples', () => {
    const bytes = encodeWav16(new Float32Array([0, 0.5, -1, 2]), 22_050);
    const view = new DataView(bytes.buffer);
    const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(36 + 8);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(22_050);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(8);
    // Out-of-range samples clip instead of wrapping around.
    expect(Array.from(decodeWav16(bytes).samples)).toEqual([0, 16384, -32767, 32767]);
  });
});

describe('normalisePeak', () => {
  it('scales the largest magnitude to the given dBFS', () => {
    const samples = new Float32Array([0.1, -0.25, 0.2]);
    normalisePeak(samples, -6);
    expect(peakOf(samples)).toBeCloseTo(10 ** (-6 / 20), 6);
    expect(samples[0] / samples[2]).toBeCloseTo(0.5, 6);
  });

  it('leaves silence alone', () => {
    const samples = new Float32Array(4);
    normalisePeak(samples);
    expect(Array.from(samples)).toEqual([0, 0, 0, 0]);
  });
});

describe('brownNoiseBuffer', () => {
  const ctx = createContext({ numberOfChannels: 1, length: 1, sampleRate: SOUND_SAMPLE_RATE });
  const cornerHz = 430;
  const rms = 0.3;
  const a = Math.exp((-2 * Math.PI * cornerHz) / SOUND_SAMPLE_RATE);

  it('has the asked RMS level at any sample rate', () => {
    for (const sampleRate of [22_050, 48_000]) {
      const c = createContext({ numberOfChannels: 1, length: 1, sampleRate });
      const data = brownNoiseBuffer(c, sampleRate * 2, createRng(1), { cornerHz, rms }).getChannelData(0);
      let sum = 0;
      for (const s of data) sum += s * s;
      expect(Math.sqrt(sum / data.length)).toBeGreaterThan(rms * 0.85);
      expect(Math.sqrt(sum / data.length)).toBeLessThan(rms * 1.15);
    }
  });

  it('when periodic, wraps from its last sample to its first as smoothly as anywhere inside', () => {
    // Each step of the one-pole filter moves y by at most (1 − a)·scale away from a·y_prev.
    const scale = rms / (Math.sqrt(1 / 3) * Math.sqrt((1 - a) / (1 + a)));
    const bound = (1 - a) * scale;
    for (let seed = 1; seed <= 20; seed++) {
      const data = brownNoiseBuffer(ctx, 4410, createRng(seed), {
        cornerHz,
        rms,
        periodic: true,
      }).getChannelData(0);
      expect(Math.abs(data[0] - a * data[data.length - 1])).toBeLessThanOrEqual(bound * 1.0001);
    }
  });

  it('is the same for the same seed', () => {
    const one = brownNoiseBuffer(ctx, 1000, createRng(9), { cornerHz, rms }).getChannelData(0);
    const two = brownNoiseBuffer(ctx, 1000, createRng(9), { cornerHz, rms }).getChannelData(0);
    expect(Array.from(two)).toEqual(Array.from(one));
  });
});

describe('renderRecipe', () => {
  it("drops a loop's warm-up and keeps one period with a pad either side", async () => {
    const ramp: SoundRecipe = {
      duration: 0.5,
      loop: { warmup: 0.25 },
      schedule(ctx, out) {
        const level = ctx.createConstantSource();
        level.offset.setValueAtTime(0, 0);
        level.offset.linearRampToValueAtTime(1, 1);
        level.connect(out);
        level.start(0);
      },
    };
    const samples = await renderRecipe(ramp, createContext);
    const pad = Math.round(LOOP_PAD_SECONDS * SOUND_SAMPLE_RATE);
    expect(samples.length).toBe(pad + SOUND_SAMPLE_RATE * 0.5 + pad);
    // The ramp's value is its time: the file starts at the warm-up's end, the period a pad later.
    expect(samples[0]).toBeCloseTo(0.25, 3);
    expect(samples[pad]).toBeCloseTo(0.25 + LOOP_PAD_SECONDS, 3);
    expect(samples[samples.length - 1]).toBeCloseTo(0.75 + 2 * LOOP_PAD_SECONDS, 3);
  });
});
