import { describe, expect, it } from 'vitest';
import { charsBySource, groupOf, moduleCosts, moduleName, squarify, UNMAPPED } from './treemap.ts';

// "aaa" from a.ts at column 0, "bb" from b.ts at column 3, on one generated line.
const map = {
  version: 3 as const,
  sources: ['/r/src/a.ts', '/r/node_modules/pkg/b.js'],
  names: [] as string[],
  mappings: 'AAAA,GCAA',
};

describe('charsBySource', () => {
  it('charges each generated character to its mapping segment and the rest to (unmapped)', () => {
    const code = 'aaabb\nzz';
    const chars = charsBySource(code, map);
    expect(chars.get('/r/src/a.ts')).toBe(3);
    // The first line's newline goes with its last segment.
    expect(chars.get('/r/node_modules/pkg/b.js')).toBe(3);
    expect(chars.get(UNMAPPED)).toBe(2);
    expect([...chars.values()].reduce((a, b) => a + b, 0)).toBe(code.length);
  });
});

describe('moduleCosts', () => {
  it('names modules, groups them by package, and splits the gzip size by share of bytes', () => {
    const costs = moduleCosts([{ code: 'aaabb\n', map, gzip: 60 }], '/r');
    expect(costs.map((c) => [c.name, c.group, c.bytes, c.gzip])).toEqual([
      ['src/a.ts', '(ours)', 3, 30],
      ['pkg/b.js', 'pkg', 3, 30],
    ]);
  });

  it('knows our code and scoped packages', () => {
    expect(moduleName('/x/node_modules/@scope/p/index.js', '/r')).toBe('@scope/p/index.js');
    expect(groupOf('@scope/p/index.js')).toBe('@scope/p');
    expect(groupOf('src/main.tsx')).toBe('(ours)');
  });
});

describe('squarify', () => {
  it('fills the area exactly, each rectangle proportional to its value', () => {
    const values = [6, 6, 4, 3, 2, 2, 1];
    const rects = squarify(values, { x: 0, y: 0, w: 6, h: 4 });
    const total = values.reduce((a, b) => a + b, 0);
    rects.forEach((r, i) => {
      expect(r.w * r.h).toBeCloseTo((values[i] / total) * 24, 6);
      expect(r.x).toBeGreaterThanOrEqual(-1e-9);
      expect(r.x + r.w).toBeLessThanOrEqual(6 + 1e-9);
      expect(r.y + r.h).toBeLessThanOrEqual(4 + 1e-9);
    });
    // No two rectangles overlap.
    for (let i = 0; i < rects.length; i++)
      for (let j = i + 1; j < rects.length; j++) {
        const a = rects[i];
        const b = rects[j];
        const overlapW = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
        const overlapH = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
        expect(overlapW > 1e-9 && overlapH > 1e-9).toBe(false);
      }
  });
});
