/**
 * Imports point down, never up: in server/ (domain → db → repositories → routes, as
 * fastify/demo draws it) and in src/platform/ (shared controls → saves → session → scores →
 * the pages). A file may import its own folder, the shared files at its root, and any folder
 * ranked below its own. Test files are free to reach anywhere (harnesses, fixtures).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Each folder's rank: a folder may import only folders of a lower rank. */
const SERVER_RANKS: Record<string, number> = {
  domain: 0,
  db: 1,
  runs: 1,
  tables: 1,
  repositories: 2,
  plugins: 2,
  cli: 3,
  routes: 4,
  // The suites' harness starts the whole app; nothing but test code may use it.
  test: 200,
};
/** Files at server/'s root that sit above every folder: the app, and its start above it. */
const SERVER_TOP: Record<string, number> = {
  'logOutput.ts': 100,
  'watchdog.ts': 100,
  'app.ts': 101,
  'main.ts': 102,
};

const PLATFORM_RANKS: Record<string, number> = {
  ui: 0,
  saves: 1,
  session: 2,
  scores: 3,
  guest: 4,
  pwa: 4,
  header: 4,
  home: 5,
  account: 5,
  admin: 5,
  privacy: 5,
  about: 6,
};
const PLATFORM_TOP: Record<string, number> = { 'AppLayout.tsx': 100, 'ErrorPage.tsx': 100 };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|\.testutil\.ts$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The relative module specifiers a file imports or re-exports. */
function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/(?:\bfrom|^\s*import)\s*['"](\.[^'"]+)['"]/gm)) found.push(m[1]);
  for (const m of source.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)) found.push(m[1]);
  return found;
}

/** Where a file stands: a ranked folder or top file, or null for a shared file at the root (config, util). */
function place(
  base: string,
  file: string,
  ranks: Record<string, number>,
  top: Record<string, number>,
): { name: string; rank: number } | null {
  const rel = path.relative(base, file);
  if (rel.startsWith('..')) return null;
  const [first, ...rest] = rel.split(path.sep);
  if (rest.length === 0) return first in top ? { name: first, rank: top[first] } : null;
  return { name: `${first}/`, rank: ranks[first] ?? 50 };
}

function upwardImports(tree: string, ranks: Record<string, number>, top: Record<string, number>): string[] {
  const base = path.join(ROOT, tree);
  const wrong: string[] = [];
  for (const file of sourceFiles(base)) {
    const from = place(base, file, ranks, top);
    if (!from) continue;
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const target = path.resolve(path.dirname(file), spec.replace(/\?.*$/, ''));
      const to = place(base, target, ranks, top);
      if (!to || to.name === from.name) continue;
      if (to.rank >= from.rank)
        wrong.push(`${path.relative(ROOT, file)} → ${spec} (${from.name} may not import ${to.name})`);
    }
  }
  return wrong;
}

describe('import layers', () => {
  it('every folder of server/ and src/platform/ is ranked (a new folder needs a place)', () => {
    const folders = (tree: string) =>
      readdirSync(path.join(ROOT, tree), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
    expect(folders('server').filter((f) => !(f in SERVER_RANKS))).toEqual([]);
    expect(folders('src/platform').filter((f) => !(f in PLATFORM_RANKS))).toEqual([]);
  });

  it('server/: no import points up a layer', () => {
    expect(upwardImports('server', SERVER_RANKS, SERVER_TOP)).toEqual([]);
  });

  it('src/platform/: no import points up a layer', () => {
    expect(upwardImports('src/platform', PLATFORM_RANKS, PLATFORM_TOP)).toEqual([]);
  });

  it('reads every form of relative import', () => {
    const source = [
      "import { a } from '../db/connect.ts';",
      "import type { B } from '../repositories/users.ts';",
      "export { c } from './local.ts';",
      "import '../plugins/side.ts';",
      "const d = await import('../routes/lazy.ts');",
      "import { e } from 'kysely';",
      'import {',
      '  f,',
      "} from '../domain/sessions.ts';",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      '../db/connect.ts',
      '../repositories/users.ts',
      './local.ts',
      '../plugins/side.ts',
      '../domain/sessions.ts',
      '../routes/lazy.ts',
    ]);
  });
});
