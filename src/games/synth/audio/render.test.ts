/**
 * Timing: renders 8 bars offline through the real voices and the real scheduler
 * core (node-web-audio-api gives Node a Web Audio implementation) and checks that
 * every note onset found in the samples is within 1 ms of its grid time.
 */
import * as webAudio from 'node-web-audio-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareOnsets, detectOnsets } from '../engine/onsets.ts';
import { stepTime } from '../engine/timing.ts';
import { decodeWav16 } from '../engine/wav.ts';

type RenderModule = typeof import('./render.ts');
type ClickModule = typeof import('./testVoices.ts');
let render: RenderModule;
let clicks: ClickModule;
let exporter: typeof import('./exportWav.ts');

beforeAll(async () => {
  // Tone looks for the Web Audio constructors on the global object when first imported.
  const g = globalThis as Record<string, unknown>;
  for (const [k, v] of Object.entries(webAudio)) if (!(k in g)) g[k] = v;
  if (!('window' in g)) g.window = globalThis;
  render = await import('./render.ts');
  clicks = await import('./testVoices.ts');
  exporter = await import('./exportWav.ts');
});

describe.each([100, 180])('8 bars at %i BPM rendered offline', (bpm) => {
  it('every onset lands within 1 ms of its grid time', async () => {
    const startAt = 0.1;
    const sampleRate = 44100;
    const tracks = clicks.interleavedClickTracks(2);
    const { buffer, noteTimes } = await render.renderSong({
      bpm,
      tracks,
      bars: 8,
      sampleRate,
      startAt,
      tail: 0.2,
      channels: 1,
    });
    const grid = Array.from({ length: 8 * 16 }, (_, i) => stepTime(i % 16, Math.floor(i / 16), bpm, startAt));
    const scheduled = [...noteTimes.values()].flat().sort((a, b) => a - b);
    expect(scheduled).toHaveLength(grid.length);
    const onsets = detectOnsets(buffer.getChannelData(0), sampleRate, 0.02, 0.01);
    const r = compareOnsets(grid, onsets, 0.01);
    expect(r.missing).toBe(0);
    expect(r.extra).toBe(0);
    expect(r.errors).toHaveLength(128);
    expect(r.maxS).toBeLessThan(0.001);
  });
});

describe('presets', () => {
  it('every preset sounds on its steps and stays out of clipping', async () => {
    const { PRESETS } = await import('../engine/params.ts');
    for (const params of PRESETS) {
      const pattern = Array.from({ length: 16 }, (_, i) => i % 8 === 0);
      const { buffer } = await render.renderSong({
        bpm: 120,
        tracks: [{ id: params.name, params, pattern }],
        bars: 1,
        sampleRate: 22050,
        channels: 1,
        tail: 0.5,
      });
      const d = buffer.getChannelData(0);
      let peak = 0;
      let sum = 0;
      for (const v of d) {
        peak = Math.max(peak, Math.abs(v));
        sum += v * v;
      }
      const rms = Math.sqrt(sum / d.length);
      expect(peak, params.name).toBeGreaterThan(0.05);
      expect(peak, params.name).toBeLessThan(0.99);
      expect(rms, params.name).toBeGreaterThan(0.002);
    }
  });
});

describe('WAV export', () => {
  it('renders N bars of the song into a 16-bit stereo WAV whose onsets sit on the grid', async () => {
    const tracks = clicks.interleavedClickTracks(1);
    const bytes = await exporter.renderSongWav({ bpm: 120, tracks, bars: 2, sampleRate: 22050, tail: 0.25 });
    const wav = decodeWav16(bytes);
    expect(wav.sampleRate).toBe(22050);
    expect(wav.channels).toHaveLength(2);
    expect(Math.abs(wav.channels[0].length - (2 * 2 + 0.25) * 22050)).toBeLessThanOrEqual(1);
    const onsets = detectOnsets(wav.channels[0], 22050, 0.02, 0.01);
    const grid = Array.from({ length: 32 }, (_, i) => i * 0.125);
    const r = compareOnsets(grid, onsets, 0.01);
    expect(r.missing).toBe(0);
    expect(r.maxS).toBeLessThan(0.001);
  });
});
