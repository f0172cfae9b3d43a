import { describe, expect, it } from 'vitest';
import { decodeWav16, encodeWav16 } from './wav.ts';

describe('16-bit PCM WAV', () => {
  it('writes a valid RIFF header and interleaved samples that read back', () => {
    const l = new Float32Array([0, 0.5, -0.5, 1, -1, 2]);
    const r = new Float32Array([0.25, 0, 0, 0, 0, -2]);
    const bytes = encodeWav16([l, r], 44100);
    expect(bytes.length).toBe(44 + 6 * 4);
    const view = new DataView(bytes.buffer);
    expect(String.fromCharCode(...bytes.slice(0, 4))).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(2);
    expect(view.getUint32(24, true)).toBe(44100);
    expect(view.getUint32(28, true)).toBe(44100 * 4);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getInt16(44 + 3 * 4, true)).toBe(32767); // 1.0
    expect(view.getInt16(44 + 4 * 4, true)).toBe(-32768); // -1.0
    const back = decodeWav16(bytes);
    expect(back.sampleRate).toBe(44100);
    expect(back.channels[0][1]).toBeCloseTo(0.5, 3);
    expect(back.channels[1][0]).toBeCloseTo(0.25, 3);
    expect(back.channels[0][5]).toBeCloseTo(1, 3); // clipped
    expect(back.channels[1][5]).toBe(-1);
  });
});
