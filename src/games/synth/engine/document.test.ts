import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOOP_NAME,
  emptyPattern,
  makeLoop,
  parseDocument,
  sanitizePattern,
  toDocument,
  togglePatternStep,
} from './document.ts';
import { DEFAULT_PARAMS, PRESETS } from './params.ts';

let n = 0;
const makeId = () => `gen-${++n}`;

describe('pattern', () => {
  it('is 16 steps; toggling flips one step', () => {
    expect(emptyPattern()).toHaveLength(16);
    const p = togglePatternStep(emptyPattern(), 3);
    expect(p.filter(Boolean)).toHaveLength(1);
    expect(p[3]).toBe(true);
    expect(togglePatternStep(p, 3)[3]).toBe(false);
    expect(togglePatternStep(p, 16)).toBe(p);
  });

  it('is fitted to 16 booleans from anything', () => {
    expect(sanitizePattern([true, 1, 'yes', 0])).toEqual([true, true, ...Array(14).fill(false)]);
    expect(sanitizePattern(Array(40).fill(true))).toHaveLength(16);
    expect(sanitizePattern('x...x...')).toEqual([true, false, false, false, true, ...Array(11).fill(false)]);
    expect(sanitizePattern(null)).toEqual(emptyPattern());
  });
});

describe('document (de)serialisation', () => {
  it('round-trips a song through JSON', () => {
    const a = makeLoop('a', PRESETS[0], togglePatternStep(emptyPattern(), 0));
    const b = { ...makeLoop('b', PRESETS[6], sanitizePattern('x...x...x...x...'), 'Drums'), muted: true };
    const doc = toDocument(128, [a, b]);
    expect(doc).toMatchObject({ version: 1, bpm: 128 });
    const back = parseDocument(JSON.parse(JSON.stringify(doc)), makeId);
    expect(back).toEqual(doc);
  });

  it('new loops are named Loop by default', () => {
    expect(makeLoop('x', DEFAULT_PARAMS, emptyPattern()).name).toBe(DEFAULT_LOOP_NAME);
    expect(DEFAULT_LOOP_NAME).toBe('Loop');
  });

  it('drops unknown fields, clamps params and bpm, fixes ids', () => {
    const doc = parseDocument(
      {
        version: 1,
        bpm: 999,
        secret: 'drop me',
        loops: [
          {
            id: 'x',
            name: '  ',
            params: { cutoff: 1e9, attack: -1, hack: 1 },
            pattern: [true],
            muted: 'no',
            extra: 1,
          },
          { id: 'x', params: { instrumentType: 'drum', drumType: 'hat' } },
          'garbage',
          null,
        ],
      },
      makeId,
    );
    expect(doc).not.toBeNull();
    if (!doc) return;
    expect(doc.bpm).toBe(180);
    expect('secret' in doc).toBe(false);
    expect(doc.loops).toHaveLength(2);
    const [l0, l1] = doc.loops;
    expect(Object.keys(l0).sort()).toEqual(['id', 'muted', 'name', 'params', 'pattern']);
    expect(l0.name).toBe('Loop');
    expect(l0.params.cutoff).toBe(8000);
    expect(l0.params.attack).toBe(0);
    expect('hack' in l0.params).toBe(false);
    expect(l0.muted).toBe(false);
    expect(l0.pattern).toHaveLength(16);
    expect(l1.id).not.toBe('x');
    expect(l1.params.drumType).toBe('hat');
  });

  it('migrates the unversioned shape (tempo, steps, sound)', () => {
    const doc = parseDocument(
      { tempo: 90, loops: [{ name: 'Old', sound: { instrumentType: 'fm', fmRatio: 2 }, steps: [1, 0, 1] }] },
      makeId,
    );
    expect(doc?.bpm).toBe(90);
    expect(doc?.loops[0].params.instrumentType).toBe('fm');
    expect(doc?.loops[0].params.fmRatio).toBe('2:1');
    expect(doc?.loops[0].pattern.slice(0, 3)).toEqual([true, false, true]);
    expect(doc?.loops[0].id).toMatch(/^gen-/);
  });

  it('never throws on junk; refuses non-objects and future versions', () => {
    for (const junk of [null, 3, 'nope', [], true, undefined]) expect(parseDocument(junk, makeId)).toBeNull();
    expect(parseDocument({ version: 2, loops: [] }, makeId)).toBeNull();
    expect(parseDocument('{"version":1,"bpm":70,"loops":[]}', makeId)).toEqual({
      version: 1,
      bpm: 70,
      loops: [],
    });
    expect(parseDocument({ version: 1, loops: 'x' }, makeId)).toEqual({ version: 1, bpm: 100, loops: [] });
  });

  it('keeps every loop of a song, however many (the spec sets no limit)', () => {
    const loops = Array.from({ length: 200 }, (_, i) => ({ id: `l${i}`, name: `Loop ${i}` }));
    const read = parseDocument({ version: 1, loops }, makeId)?.loops ?? [];
    expect(read).toHaveLength(200);
    expect(read.map((l) => l.name)).toEqual(loops.map((l) => l.name));
  });
});
