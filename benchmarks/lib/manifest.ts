/**
 * What each route loads, from Vite's build manifest: the entry and its static imports,
 * plus the route's lazy chunk and its static imports. Dynamic imports inside those are
 * loaded later (on demand), so they are not counted.
 */
import { GAME_SLUGS, PLATFORM_PATHS } from '../../src/routeTable.ts';

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export interface RouteModule {
  /** "home", "about", "gravity", … */
  route: string;
  kind: 'home' | 'platform' | 'game';
  /** Manifest key of the route's lazy chunk; null for home (the entry renders it). */
  lazyKey: string | null;
}

export interface RouteFiles {
  route: string;
  kind: RouteModule['kind'];
  /** Output files (relative to outDir), entry first, without duplicates. */
  js: string[];
  css: string[];
  /** Worker scripts the route's chunks start (Vite lists them as the chunks' .js assets). */
  workers: string[];
  /** Manifest keys that went in, for tracing a size back to its source. */
  keys: string[];
}

export function findEntryKey(manifest: ViteManifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  const html = entries.find(([key]) => key.endsWith('index.html'));
  const chosen = html ?? entries[0];
  if (!chosen) throw new Error('The build manifest has no entry chunk');
  return chosen[0];
}

/** The routes the build contains: home, the platform pages and the games whose page module exists. */
export function routesInManifest(manifest: ViteManifest): RouteModule[] {
  const routes: RouteModule[] = [{ route: 'home', kind: 'home', lazyKey: null }];
  const keys = Object.keys(manifest);
  for (const page of PLATFORM_PATHS) {
    const key = keys.find((k) => manifest[k].isDynamicEntry && k.startsWith(`src/platform/${page}/`));
    if (key) routes.push({ route: page, kind: 'platform', lazyKey: key });
  }
  for (const slug of GAME_SLUGS) {
    const key = `src/games/${slug}/index.tsx`;
    if (manifest[key]) routes.push({ route: slug, kind: 'game', lazyKey: key });
  }
  return routes;
}

/** Every chunk reachable through static imports from the given keys, in visiting order. */
export function staticClosure(manifest: ViteManifest, startKeys: readonly string[]): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk "${key}"`);
    seen.add(key);
    order.push(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of startKeys) visit(key);
  return order;
}

export function resolveRouteFiles(manifest: ViteManifest, route: RouteModule): RouteFiles {
  const entryKey = findEntryKey(manifest);
  const keys = staticClosure(manifest, route.lazyKey ? [entryKey, route.lazyKey] : [entryKey]);
  const js: string[] = [];
  const css: string[] = [];
  const workers: string[] = [];
  for (const key of keys) {
    const chunk = manifest[key];
    for (const asset of chunk.assets ?? [])
      if (asset.endsWith('.js') && !workers.includes(asset)) workers.push(asset);
    if (chunk.file.endsWith('.js') && !js.includes(chunk.file)) js.push(chunk.file);
    for (const sheet of chunk.css ?? []) if (!css.includes(sheet)) css.push(sheet);
    // A CSS-only entry (style imported by the page) is listed with a .css file.
    if (chunk.file.endsWith('.css') && !css.includes(chunk.file)) css.push(chunk.file);
  }
  return { route: route.route, kind: route.kind, js, css, workers, keys };
}

/** The npm package a module id comes from ("react-dom", "@pixi/react"), or "(app)" for our own code. */
export function packageOf(moduleId: string): string {
  const at = moduleId.lastIndexOf('node_modules/');
  if (at < 0) return '(app)';
  const rest = moduleId.slice(at + 'node_modules/'.length).split('/');
  return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
}

/** Rendered bytes per package, largest first: where a route's weight comes from. */
export function bytesByPackage(modules: readonly { id: string; bytes: number }[]): [string, number][] {
  const totals = new Map<string, number>();
  for (const m of modules) {
    const name = packageOf(m.id.replace(/\\/g, '/').replace(/^\0/, ''));
    totals.set(name, (totals.get(name) ?? 0) + m.bytes);
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}
