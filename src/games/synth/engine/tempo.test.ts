import { describe, expect, it } from 'vitest';
import {
  acceptTypedBpm,
  BPM_DEFAULT,
  BPM_MAX,
  BPM_MIN,
  clampDocumentBpm,
  clampEngineBpm,
  TAP_RESET_MS,
  tapTempo,
} from './tempo.ts';

describe('BPM rules (spec §5, §9)', () => {
  it('range 60..180, default 100', () => {
    expect([BPM_MIN, BPM_MAX, BPM_DEFAULT]).toEqual([60, 180, 100]);
  });

  it('a typed value inside the range is taken, outside or unreadable reverts', () => {
    expect(acceptTypedBpm('120', 100)).toBe(120);
    expect(acceptTypedBpm(' 60 ', 100)).toBe(60);
    expect(acceptTypedBpm('180', 100)).toBe(180);
    expect(acceptTypedBpm('59', 100)).toBe(100);
    expect(acceptTypedBpm('181', 90)).toBe(90);
    expect(acceptTypedBpm('fast', 90)).toBe(90);
    expect(acceptTypedBpm('', 90)).toBe(90);
    expect(acceptTypedBpm('99.96', 90)).toBe(100);
  });

  it('the engine clamps to 40..300', () => {
    expect(clampEngineBpm(10)).toBe(40);
    expect(clampEngineBpm(500)).toBe(300);
    expect(clampEngineBpm(200)).toBe(200);
    expect(clampEngineBpm(Number.NaN)).toBe(BPM_DEFAULT);
  });

  it('document bpm is held to the UI range', () => {
    expect(clampDocumentBpm(250)).toBe(180);
    expect(clampDocumentBpm('90')).toBe(90);
    expect(clampDocumentBpm(null)).toBe(60);
    expect(clampDocumentBpm('x')).toBe(100);
  });
});

describe('tap tempo', () => {
  function tapAll(times: number[]) {
    let taps: number[] = [];
    let bpm: number | null = null;
    for (const t of times) ({ taps, bpm } = tapTempo(taps, t));
    return { taps, bpm };
  }

  it('needs two taps', () => {
    expect(tapTempo([], 1000).bpm).toBeNull();
  });

  it('averages the intervals of the last 4 taps', () => {
    // 500 ms apart = 120 BPM; an early slow tap falls out of the window.
    const { taps, bpm } = tapAll([0, 1900, 2400, 2900, 3400]);
    expect(taps).toEqual([1900, 2400, 2900, 3400]);
    expect(bpm).toBe(120);
    expect(tapAll([0, 600, 1200, 1700]).bpm).toBe(Math.round((60000 / (1700 / 3)) * 10) / 10);
  });

  it('ignores results outside 60..180', () => {
    expect(tapAll([0, 200, 400, 600]).bpm).toBeNull(); // 300 BPM
    expect(tapAll([0, 1500]).bpm).toBeNull(); // 40 BPM
  });

  it('a long pause starts over', () => {
    const { taps, bpm } = tapAll([0, 500, 500 + TAP_RESET_MS + 1]);
    expect(taps).toEqual([500 + TAP_RESET_MS + 1]);
    expect(bpm).toBeNull();
  });
});
