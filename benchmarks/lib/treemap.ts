/**
 * What each source module costs in a built chunk, from the chunk's source map: every
 * generated character is charged to the source its mapping segment points at (characters
 * before the first segment of a line, or of no source, to "(unmapped)"). Gzip does not
 * split by module, so a module's gzip share is its share of the chunk's minified bytes
 * times the chunk's gzip size, an estimate that sums to the real total.
 */
import { decodedMappings, TraceMap } from '@jridgewell/trace-mapping';
import { packageOf } from './manifest.ts';

export const UNMAPPED = '(unmapped)';

/** Generated characters per source (paths as the map names them), summing to the code's length. */
export function charsBySource(
  code: string,
  map: ConstructorParameters<typeof TraceMap>[0],
): Map<string, number> {
  const traced = new TraceMap(map);
  const sources = traced.resolvedSources;
  const lines = code.split('\n');
  const totals = new Map<string, number>();
  const add = (source: string, n: number) => {
    if (n > 0) totals.set(source, (totals.get(source) ?? 0) + n);
  };
  const mappings = decodedMappings(traced);
  lines.forEach((line, i) => {
    const segments = mappings[i] ?? [];
    // The newline that ends this line goes with its last segment.
    const lineLength = line.length + (i < lines.length - 1 ? 1 : 0);
    let covered = 0;
    segments.forEach((segment, s) => {
      const start = Math.min(segment[0], lineLength);
      const end = s + 1 < segments.length ? Math.min(segments[s + 1][0], lineLength) : lineLength;
      if (s === 0) add(UNMAPPED, start);
      const source = segment.length > 1 ? sources[segment[1] as number] : null;
      add(source ?? UNMAPPED, end - start);
      covered = end;
    });
    if (!segments.length) add(UNMAPPED, lineLength - covered);
  });
  return totals;
}

/** A short, stable name for a source path: "react-dom/cjs/react-dom-client.production.js", "src/platform/home/HomePage.tsx". */
export function moduleName(source: string, root: string): string {
  const clean = source.replace(/\\/g, '/').replace(/^\0/, '');
  const at = clean.lastIndexOf('node_modules/');
  if (at >= 0) return clean.slice(at + 'node_modules/'.length);
  const rootSlash = root.replace(/\\/g, '/').replace(/\/?$/, '/');
  if (clean.startsWith(rootSlash)) return clean.slice(rootSlash.length);
  const src = clean.indexOf('/src/');
  return src >= 0 ? clean.slice(src + 1) : clean;
}

/** "(ours)" for our code, else the npm package. */
export function groupOf(name: string): string {
  if (name === UNMAPPED) return UNMAPPED;
  if (name.startsWith('(bundler runtime)')) return '(bundler runtime)';
  const pkg = packageOf(`node_modules/${name}`);
  return /^(src|workers|server)\//.test(name) || !name.includes('/') ? '(ours)' : pkg;
}

export interface ModuleCost {
  /** Module name (see moduleName). */
  name: string;
  /** npm package, or "(ours)". */
  group: string;
  /** Minified bytes in the chunk(s). */
  bytes: number;
  /** Estimated gzip bytes (share of the chunk's gzip size). */
  gzip: number;
}

/**
 * Costs of the modules of several chunks (what a route loads), largest first. Each chunk
 * gives its code, its source map and its real gzip size.
 */
export function moduleCosts(
  chunks: readonly { code: string; map: ConstructorParameters<typeof TraceMap>[0]; gzip: number }[],
  root: string,
): ModuleCost[] {
  const costs = new Map<string, ModuleCost>();
  for (const chunk of chunks) {
    const chars = charsBySource(chunk.code, chunk.map);
    const totalChars = chunk.code.length || 1;
    const totalBytes = Buffer.byteLength(chunk.code);
    for (const [source, n] of chars) {
      const name = moduleName(source, root);
      const cost = costs.get(name) ?? { name, group: groupOf(name), bytes: 0, gzip: 0 };
      cost.bytes += (n / totalChars) * totalBytes;
      cost.gzip += (n / totalChars) * chunk.gzip;
      costs.set(name, cost);
    }
  }
  return [...costs.values()].sort((a, b) => b.bytes - a.bytes);
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Squarified treemap layout (Bruls, Huizing, van Wijk): values (sorted largest first) into
 * rectangles filling `area`, rows laid along the shorter side, keeping aspect ratios near 1.
 */
export function squarify(values: readonly number[], area: Rect): Rect[] {
  const total = values.reduce((a, b) => a + b, 0);
  const out: Rect[] = [];
  if (total <= 0) return values.map(() => ({ x: area.x, y: area.y, w: 0, h: 0 }));
  const scale = (area.w * area.h) / total;
  const areas = values.map((v) => v * scale);
  let free = { ...area };
  let row: number[] = [];
  const worst = (r: number[], side: number) => {
    const sum = r.reduce((a, b) => a + b, 0);
    const max = Math.max(...r);
    const min = Math.min(...r);
    return Math.max((side * side * max) / (sum * sum), (sum * sum) / (side * side * min));
  };
  const layRow = (r: number[]) => {
    const sum = r.reduce((a, b) => a + b, 0);
    if (free.w >= free.h) {
      // Column on the left, as wide as the row's area over the height.
      const w = sum / free.h;
      let y = free.y;
      for (const a of r) {
        const h = a / w;
        out.push({ x: free.x, y, w, h });
        y += h;
      }
      free = { x: free.x + w, y: free.y, w: free.w - w, h: free.h };
    } else {
      const h = sum / free.w;
      let x = free.x;
      for (const a of r) {
        const w = a / h;
        out.push({ x, y: free.y, w, h });
        x += w;
      }
      free = { x: free.x, y: free.y + h, w: free.w, h: free.h - h };
    }
  };
  for (const a of areas) {
    const side = Math.min(free.w, free.h);
    if (row.length === 0 || worst([...row, a], side) <= worst(row, side)) row.push(a);
    else {
      layRow(row);
      row = [a];
    }
  }
  if (row.length) layRow(row);
  return out;
}
