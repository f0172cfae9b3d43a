import { describe, expect, it } from 'vitest';
import {
  bytesByPackage,
  findEntryKey,
  packageOf,
  resolveRouteFiles,
  routesInManifest,
  staticClosure,
  type ViteManifest,
} from './manifest.ts';

// Shaped like Vite's .vite/manifest.json for an app with a shared vendor chunk and a Pixi chunk.
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-a.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-b.js'],
    dynamicImports: ['src/platform/about/AboutPage.tsx', 'src/games/gravity/index.tsx'],
    css: ['assets/index-a.css'],
  },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_pixi-c.js': { file: 'assets/pixi-c.js', imports: ['_react-b.js'], dynamicImports: ['_lazy-d.js'] },
  '_lazy-d.js': { file: 'assets/lazy-d.js' },
  'src/platform/about/AboutPage.tsx': {
    file: 'assets/AboutPage-e.js',
    src: 'src/platform/about/AboutPage.tsx',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
  'src/games/gravity/index.tsx': {
    file: 'assets/index-f.js',
    src: 'src/games/gravity/index.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_pixi-c.js'],
    css: ['assets/gravity-f.css'],
    assets: ['assets/gravity.worker-g.js', 'assets/star-h.png'],
  },
};

describe('routesInManifest', () => {
  it('finds home, platform pages and present games', () => {
    expect(routesInManifest(manifest)).toEqual([
      { route: 'home', kind: 'home', lazyKey: null },
      { route: 'about', kind: 'platform', lazyKey: 'src/platform/about/AboutPage.tsx' },
      { route: 'gravity', kind: 'game', lazyKey: 'src/games/gravity/index.tsx' },
    ]);
  });
});

describe('resolveRouteFiles', () => {
  it('gives home the entry and its static imports only', () => {
    const home = resolveRouteFiles(manifest, { route: 'home', kind: 'home', lazyKey: null });
    expect(home.js).toEqual(['assets/index-a.js', 'assets/react-b.js']);
    expect(home.css).toEqual(['assets/index-a.css']);
    expect(home.workers).toEqual([]);
  });
  it('adds the lazy chunk and its static imports, not its dynamic imports, without duplicates', () => {
    const gravity = resolveRouteFiles(manifest, {
      route: 'gravity',
      kind: 'game',
      lazyKey: 'src/games/gravity/index.tsx',
    });
    expect(gravity.js).toEqual([
      'assets/index-a.js',
      'assets/react-b.js',
      'assets/index-f.js',
      'assets/pixi-c.js',
    ]);
    expect(gravity.js).not.toContain('assets/lazy-d.js');
    expect(gravity.css).toEqual(['assets/index-a.css', 'assets/gravity-f.css']);
    expect(gravity.workers).toEqual(['assets/gravity.worker-g.js']);
  });
  it('fails loudly on a manifest that names a missing chunk', () => {
    expect(() => staticClosure({ a: { file: 'a.js', imports: ['_gone.js'] } }, ['a'])).toThrow(/_gone\.js/);
  });
  it('finds the entry, preferring index.html', () => {
    expect(findEntryKey(manifest)).toBe('index.html');
    expect(() => findEntryKey({ x: { file: 'x.js' } })).toThrow(/no entry/);
  });
});

describe('bytesByPackage', () => {
  it('groups module bytes by npm package, scoped names whole, app code together', () => {
    expect(packageOf('/w/node_modules/@pixi/react/lib/index.mjs')).toBe('@pixi/react');
    expect(packageOf('/w/node_modules/.pnpm/x/node_modules/react-dom/cjs/a.js')).toBe('react-dom');
    expect(packageOf('/w/src/main.tsx')).toBe('(app)');
    expect(
      bytesByPackage([
        { id: '/w/node_modules/react-dom/a.js', bytes: 50 },
        { id: '/w/src/a.tsx', bytes: 10 },
        { id: '/w/node_modules/react-dom/b.js', bytes: 30 },
      ]),
    ).toEqual([
      ['react-dom', 80],
      ['(app)', 10],
    ]);
  });
});
