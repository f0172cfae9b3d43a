/** Parts are found by folder: benchmarks/<name>/index.ts exporting a BenchPart, so new parts need no edit here. */
import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from './cli.ts';

/**
 * The parts the issues ask for, in running order (cheap Node parts first, the long
 * browser soak last). A missing one is reported as 'not present'.
 */
export const EXPECTED_PARTS = [
  'engines',
  'gravity',
  'synth',
  'server',
  'load',
  'bundle',
  'startup',
  'frames',
  'memory',
];

/** Folders under benchmarks/ that are not parts. */
const NOT_PARTS = new Set(['lib', 'results', 'node_modules']);

export interface DiscoveredPart {
  name: string;
  present: boolean;
  /** Absolute path of the part's index.ts. */
  entry: string;
}

export function discoverParts(benchDir: string): DiscoveredPart[] {
  const folders = fs
    .readdirSync(benchDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !NOT_PARTS.has(d.name) && !d.name.startsWith('.'))
    .map((d) => d.name);
  const names = [...EXPECTED_PARTS, ...folders.filter((f) => !EXPECTED_PARTS.includes(f)).sort()];
  return names.map((name) => {
    const entry = path.join(benchDir, name, 'index.ts');
    return { name, present: fs.existsSync(entry), entry };
  });
}

/** The parts --only picks (all when empty); an unknown name is a usage error listing the known ones. */
export function selectParts(parts: DiscoveredPart[], only: readonly string[]): DiscoveredPart[] {
  if (only.length === 0) return parts;
  const known = new Set(parts.map((p) => p.name));
  const unknown = only.filter((name) => !known.has(name));
  if (unknown.length) {
    throw new UsageError(
      `Unknown part(s): ${unknown.join(', ')}. Parts: ${parts.map((p) => p.name).join(', ')}`,
    );
  }
  return parts.filter((p) => only.includes(p.name));
}
