import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from './cli.ts';
import { discoverParts, EXPECTED_PARTS, selectParts } from './discover.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-discover-'));
for (const name of ['bundle', 'gravity', 'extra', 'lib', 'results']) {
  fs.mkdirSync(path.join(dir, name));
  fs.writeFileSync(path.join(dir, name, 'index.ts'), 'export {}');
}
fs.mkdirSync(path.join(dir, 'server')); // a folder without index.ts yet
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('discoverParts', () => {
  const parts = discoverParts(dir);
  it('reports every expected part, present or not, then extra folders', () => {
    expect(parts.map((p) => p.name)).toEqual([...EXPECTED_PARTS, 'extra']);
    expect(parts.find((p) => p.name === 'gravity')?.present).toBe(true);
    expect(parts.find((p) => p.name === 'synth')?.present).toBe(false);
    expect(parts.find((p) => p.name === 'server')?.present).toBe(false);
    expect(parts.some((p) => p.name === 'lib' || p.name === 'results')).toBe(false);
  });
  it('selects --only parts in running order and rejects unknown names', () => {
    expect(selectParts(parts, ['extra', 'bundle']).map((p) => p.name)).toEqual(['bundle', 'extra']);
    expect(selectParts(parts, [])).toHaveLength(parts.length);
    expect(() => selectParts(parts, ['nope'])).toThrow(UsageError);
  });
});
