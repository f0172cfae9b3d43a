/**
 * Bundle report: gzip and brotli size of the JS and CSS each route loads, against the
 * budgets in benchmarks/budgets.json. What a route loads comes from the build manifest.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { GAME_SLUGS } from '../../src/routeTable.ts';
import { detectLibraries, isViolation, loadBudgets, type RouteSizes, routeFigures } from '../lib/budgets.ts';
import { bytesByPackage, resolveRouteFiles, routesInManifest } from '../lib/manifest.ts';
import { ensureBuild } from '../lib/site.ts';
import { moduleCosts } from '../lib/treemap.ts';
import type { BenchContext, BenchFigure, BenchPart } from '../types.ts';

interface Compressed {
  raw: number;
  gzip: number;
  brotli: number;
}

const sizeCache = new Map<string, Compressed>();

/** Sizes as served: gzip level 9 and brotli quality 11, what a static host pre-compresses with. */
export function compressedSize(content: Buffer): Compressed {
  return {
    raw: content.length,
    gzip: zlib.gzipSync(content, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }).length,
  };
}

function sizeOf(outDir: string, file: string): Compressed {
  let size = sizeCache.get(file);
  if (!size) {
    size = compressedSize(fs.readFileSync(path.join(outDir, file)));
    sizeCache.set(file, size);
  }
  return size;
}

function sum(sizes: Compressed[]): Compressed {
  return sizes.reduce(
    (a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  );
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/**
 * Where the home page's JS comes from: a treemap of every source module in the chunks home
 * loads before it paints (entry + static imports), by estimated gzip bytes, from the build's
 * source maps, with our own code's total as a figure.
 */
function homeTreemap(ctx: BenchContext, outDir: string, js: readonly string[], gzipTotal: number) {
  const chunks = [];
  for (const file of js) {
    const mapFile = path.join(outDir, `${file}.map`);
    const code = fs.readFileSync(path.join(outDir, file), 'utf8');
    // The bundler's own runtime chunk has no sources: it is charged to the bundler.
    const map = fs.existsSync(mapFile)
      ? JSON.parse(fs.readFileSync(mapFile, 'utf8'))
      : {
          version: 3,
          sources: [`(bundler runtime) ${path.basename(file)}`],
          names: [],
          mappings: code.split('\n').fill('AAAA').join(';'),
        };
    chunks.push({ code, map, gzip: sizeOf(outDir, file).gzip });
  }
  const costs = moduleCosts(chunks, ROOT);
  ctx.chart?.({
    kind: 'treemap',
    id: 'bundle-home-treemap',
    title: `Home's critical-path JS by source module (estimated gzip KB of ${(gzipTotal / 1000).toFixed(1)} KB)`,
    unit: 'KB',
    items: costs.map((c) => ({ label: c.name, group: c.group, value: c.gzip / 1000 })),
    tableRows: 25,
  });
  const byGroup = new Map<string, number>();
  for (const c of costs) byGroup.set(c.group, (byGroup.get(c.group) ?? 0) + c.gzip);
  const summary = [...byGroup.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([group, gzip]) => `${group} ${(gzip / 1000).toFixed(1)} KB`);
  ctx.note?.(`home's critical-path JS by package (estimated gzip): ${summary.join(', ')}`);
  return byGroup.get('(ours)') ?? 0;
}

export const part: BenchPart = {
  name: 'bundle',
  description:
    'JS and CSS each route loads (entry + static imports + lazy chunk + its static imports), gzip and brotli, against budgets',
  async run(ctx) {
    const budgets = loadBudgets();
    const build = await ensureBuild(ctx);
    const figures: BenchFigure[] = [];
    const chartBars: { label: string; values: number[] }[] = [];
    const limits: (number | null)[] = [];
    const routes = routesInManifest(build.manifest);
    for (const route of routes) {
      const files = resolveRouteFiles(build.manifest, route);
      const sources = files.js.map((file) => fs.readFileSync(path.join(build.outDir, file), 'utf8'));
      // Workers the route starts are downloaded too; count them with the route's JS.
      const workers = files.workers;
      const workerSources = workers.map((file) => fs.readFileSync(path.join(build.outDir, file), 'utf8'));
      const modules = files.js.flatMap((file) => build.chunkModules[file] ?? []);
      const moduleIds = modules.map((m) => m.id);
      const sizes: RouteSizes = {
        route: route.route,
        kind: route.kind,
        js: sum([...files.js, ...workers].map((file) => sizeOf(build.outDir, file))),
        css: sum(files.css.map((file) => sizeOf(build.outDir, file))),
        libraries: detectLibraries(moduleIds, [...sources, ...workerSources]),
      };
      if (route.kind === 'home') homeTreemap(ctx, build.outDir, files.js, sizes.js.gzip);
      const routeFigureList = routeFigures(sizes, budgets);
      figures.push(...routeFigureList);
      if (routeFigureList.some(isViolation)) {
        const total = modules.reduce((a, m) => a + m.bytes, 0) || 1;
        const top = bytesByPackage(modules)
          .slice(0, 5)
          .map(([name, bytes]) => `${name} ${Math.round((bytes / total) * 100)}%`);
        ctx.note?.(
          `/${route.route === 'home' ? '' : route.route} is over budget; its minified JS by package: ${top.join(', ')}`,
        );
      }
      if (sizes.libraries.length)
        ctx.note?.(`/${route.route === 'home' ? '' : route.route} loads ${sizes.libraries.join(' and ')}`);
      if (workers.length)
        ctx.note?.(`/${route.route} starts worker(s): ${workers.join(', ')} (counted in its JS)`);
      const budget = budgets.bundle[route.kind]?.jsGzipKB;
      chartBars.push({
        label: route.route === 'home' ? '/' : `/${route.route}`,
        values: [sizes.js.gzip / 1000, sizes.css.gzip / 1000],
      });
      limits.push(budget ?? null);
    }
    const missingGames = GAME_SLUGS.filter((slug) => !routes.some((r) => r.route === slug));
    if (missingGames.length) ctx.note?.(`game routes not present in the build: ${missingGames.join(', ')}`);
    ctx.chart?.({
      kind: 'bars',
      id: 'bundle-gzip-per-route',
      title: 'Gzip size each route loads (KB), with the JS budget',
      unit: 'KB',
      series: ['JS gzip', 'CSS gzip'],
      bars: chartBars,
      limits,
    });
    if (build.buildMs !== null) {
      figures.push({
        id: 'bundle.buildTime',
        label: 'vite build time',
        value: Math.round(build.buildMs / 100) / 10,
        unit: 's',
        better: 'lower',
      });
    }
    return figures;
  },
};

export default part;
