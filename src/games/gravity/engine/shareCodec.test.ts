import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itSeeded } from '../../../../tests/seeds.ts';
import { KIND_STAR } from './bodyTypes.ts';
import { findPreset, PRESETS } from './presets.ts';
import { decodeScenario, encodeScenario, fromBase64Url, toBase64Url } from './shareCodec.ts';

describe('share codec', () => {
  it('round-trips every preset (float32 precision)', () => {
    for (const p of PRESETS) {
      const s = p.build();
      const back = decodeScenario(encodeScenario(s))!;
      expect(back.settings).toEqual(s.settings);
      expect(back.bodies).toHaveLength(s.bodies.length);
      back.bodies.forEach((b, i) => {
        const a = s.bodies[i];
        expect(b.kind).toBe(a.kind);
        expect(b.type).toBe(a.type);
        expect(b.x).toBeCloseTo(a.x, 3);
        expect(b.vy).toBeCloseTo(a.vy, 5);
        expect(b.mass).toBeCloseTo(a.mass, 3);
        if (a.kind === KIND_STAR) expect(b.temperature).toBe(a.temperature);
        else expect(b.color).toBe(a.color);
      });
    }
  });

  it('carries the path-trails toggle; links made before it open with path trails on', () => {
    const s = findPreset('solar-system')!.build();
    for (const pathTrails of [true, false]) {
      expect(
        decodeScenario(encodeScenario({ ...s, settings: { ...s.settings, pathTrails } }))?.settings,
      ).toMatchObject({ pathTrails });
    }
    // An older link: flags held only starGravity (1) and trails (2).
    const bytes = fromBase64Url(encodeScenario({ ...s, settings: { ...s.settings, pathTrails: false } }))!;
    bytes[1] &= 3;
    expect(decodeScenario(toBase64Url(bytes))?.settings.pathTrails).toBe(true);
  });

  it('keeps Proto Disk links compact enough for an address (< 64 kB)', () => {
    expect(encodeScenario(findPreset('proto-disk')!.build()).length).toBeLessThan(64_000);
  });

  itSeeded('base64url round-trips any bytes', (seed) => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
      }),
      { seed },
    );
  });

  itSeeded('answers null for malformed links and never throws', (seed) => {
    expect(decodeScenario('')).toBeNull();
    expect(decodeScenario('not base64!')).toBeNull();
    const good = encodeScenario(findPreset('hot-jupiter')!.build());
    expect(decodeScenario(good.slice(0, -7))).toBeNull();
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const s = decodeScenario(text);
        if (s) expect(Array.isArray(s.bodies)).toBe(true);
      }),
      { seed },
    );
  });
});
