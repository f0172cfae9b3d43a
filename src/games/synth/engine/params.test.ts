import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itSeeded } from '../../../../tests/seeds.ts';
import {
  clampParam,
  DEFAULT_PARAMS,
  FM_RATIOS,
  fmRatioValue,
  formatParam,
  fromKnobPosition,
  keyStep,
  type NumericParam,
  PARAM_RANGES,
  PRESETS,
  sanitizeParams,
  toKnobPosition,
} from './params.ts';

const KEYS = Object.keys(PARAM_RANGES) as NumericParam[];

describe('param ranges (spec §5)', () => {
  it('match the spec', () => {
    expect(PARAM_RANGES.baseNote).toMatchObject({ min: 24, max: 96 });
    expect(PARAM_RANGES.volume).toMatchObject({ min: 0, max: 1 });
    expect(PARAM_RANGES.attack).toMatchObject({ min: 0, max: 1 });
    expect(PARAM_RANGES.decay).toMatchObject({ min: 0, max: 2 });
    expect(PARAM_RANGES.sustain).toMatchObject({ min: 0, max: 1 });
    expect(PARAM_RANGES.release).toMatchObject({ min: 0, max: 2 });
    expect(PARAM_RANGES.cutoff).toMatchObject({ min: 100, max: 8000 });
    expect(PARAM_RANGES.resonance).toMatchObject({ min: 0.1, max: 20 });
    expect(PARAM_RANGES.fmDepth).toMatchObject({ min: 0, max: 800 });
    expect(FM_RATIOS).toEqual(['1:4', '1:2', '3:4', '1:1', '3:2', '2:1', '3:1', '4:1', '5:1', '6:1', '8:1']);
  });

  it('clamps each numeric param to its range and rounds the note', () => {
    expect(clampParam('baseNote', 10)).toBe(24);
    expect(clampParam('baseNote', 200)).toBe(96);
    expect(clampParam('baseNote', 60.6)).toBe(61);
    expect(clampParam('cutoff', 50)).toBe(100);
    expect(clampParam('cutoff', 99999)).toBe(8000);
    expect(clampParam('resonance', 0)).toBe(0.1);
    expect(clampParam('fmDepth', -5)).toBe(0);
    expect(clampParam('release', 'abc')).toBe(DEFAULT_PARAMS.release);
    expect(clampParam('volume', Number.NaN)).toBe(DEFAULT_PARAMS.volume);
    expect(clampParam('volume', '0.5')).toBe(0.5);
  });

  itSeeded('any input sanitises to params inside every range', (seed) => {
    fc.assert(
      fc.property(
        fc.object({ maxDepth: 1 }),
        fc.dictionary(fc.constantFrom(...KEYS), fc.double()),
        (junk, nums) => {
          const p = sanitizeParams({ ...junk, ...nums });
          for (const k of KEYS) {
            expect(p[k]).toBeGreaterThanOrEqual(PARAM_RANGES[k].min);
            expect(p[k]).toBeLessThanOrEqual(PARAM_RANGES[k].max);
          }
          expect(Object.keys(p).sort()).toEqual(Object.keys(DEFAULT_PARAMS).sort());
        },
      ),
      { seed },
    );
  });

  it('drops unknown fields and fixes enums; numeric FM ratios map to the nearest option', () => {
    const p = sanitizeParams({
      instrumentType: 'theremin',
      oscType: 'square',
      drumType: 'cowbell',
      fmRatio: 3.1,
      evil: '<script>',
      name: '   ',
      delay: 'yes',
    });
    expect(p.instrumentType).toBe('analog');
    expect(p.oscType).toBe('square');
    expect(p.drumType).toBe('kick');
    expect(p.fmRatio).toBe('3:1');
    expect(p.name).toBe(DEFAULT_PARAMS.name);
    expect(p.delay).toBe(false);
    expect('evil' in p).toBe(false);
    expect(sanitizeParams({ fmRatio: '3:4' }).fmRatio).toBe('3:4');
    expect(fmRatioValue('3:2')).toBe(1.5);
  });

  it('presets are valid, named and cover bass, pluck, pad, bell, kick, snare, hat', () => {
    const names = PRESETS.map((p) => p.name.toLowerCase());
    for (const n of ['bass', 'pluck', 'pad', 'bell', 'kick', 'snare', 'hat']) expect(names).toContain(n);
    for (const p of PRESETS) expect(sanitizeParams(p)).toEqual(p);
  });

  it('knob positions round-trip, log ranges sweep by ratios', () => {
    for (const k of KEYS) {
      const r = PARAM_RANGES[k];
      expect(fromKnobPosition(k, 0)).toBe(r.min);
      expect(fromKnobPosition(k, 1)).toBe(r.max);
      expect(toKnobPosition(k, r.max)).toBeCloseTo(1);
      expect(keyStep(k)).toBeGreaterThan(0);
    }
    // log cutoff: the middle of the knob is the geometric mean.
    expect(fromKnobPosition('cutoff', 0.5)).toBeCloseTo(Math.sqrt(100 * 8000), -1);
    expect(toKnobPosition('cutoff', 1000)).toBeCloseTo(Math.log(10) / Math.log(80));
  });

  it('readouts', () => {
    expect(formatParam('baseNote', 60)).toBe('C4');
    expect(formatParam('baseNote', 61)).toBe('C♯4');
    expect(formatParam('cutoff', 1800)).toBe('1.80 kHz');
    expect(formatParam('cutoff', 440)).toBe('440 Hz');
    expect(formatParam('attack', 0.25)).toBe('250 ms');
    expect(formatParam('decay', 1.5)).toBe('1.50 s');
    expect(formatParam('volume', 0.7)).toBe('70%');
  });
});
