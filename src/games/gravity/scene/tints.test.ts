import { describe, expect, it } from 'vitest';
import { mixWhite, particleColor, rgbToBgr, saturate } from './tints.ts';

describe('tints', () => {
  it('mixWhite goes from the colour (0) to white (1)', () => {
    expect(mixWhite(0x204080, 0)).toBe(0x204080);
    expect(mixWhite(0x204080, 1)).toBe(0xffffff);
    expect(mixWhite(0x000000, 0.5)).toBe(0x808080);
  });

  it('rgbToBgr swaps red and blue, as Pixi stores a particle tint', () => {
    expect(rgbToBgr(0x112233)).toBe(0x332211);
    expect(rgbToBgr(rgbToBgr(0xabcdef))).toBe(0xabcdef);
  });

  it('particleColor puts the alpha byte on top, clamped to 0..1', () => {
    expect(particleColor(0x332211, 1) >>> 0).toBe(0xff332211);
    expect(particleColor(0x332211, 0)).toBe(0x332211);
    expect(particleColor(0x332211, 2) >>> 0).toBe(0xff332211);
    expect(particleColor(0x332211, -1)).toBe(0x332211);
  });

  it('saturate keeps a grey and amount 1, and pushes a hue from grey within 0..255', () => {
    expect(saturate(0x808080, 4)).toBe(0x808080);
    expect(saturate(0xffcc88, 1)).toBe(0xffcc88);
    const gold = saturate(0xffe0b0, 4);
    expect(gold >> 16).toBe(255);
    expect(gold & 255).toBeLessThan(0xb0);
  });
});
