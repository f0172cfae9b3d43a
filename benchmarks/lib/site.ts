/**
 * What the browser parts share: one production build in .build/bench (with a manifest and
 * the module list of every chunk), one real server serving it on a loopback port, and
 * Chromium launched the way the e2e tests launch it. Built/started once per run, stopped by disposeSite().
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { writeFloorPage } from '../startup/floor.ts';
import type { BenchContext } from '../types.ts';
import type { ViteManifest } from './manifest.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BUILD_DIR = path.join(ROOT, '.build', 'bench');
const MODULES_FILE = path.join(BUILD_DIR, 'bench-modules.json');
const MANIFEST_FILE = path.join(BUILD_DIR, '.vite', 'manifest.json');
/**
 * Ports 4190–4199 belong to the benchmarks on this shared machine; 4190 itself (sieve) is
 * on the fetch spec's blocked-port list, so browsers and Node's fetch refuse it.
 */
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 4191);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export interface SiteOptions {
  reuseBuild: boolean;
  /** Frame recording length per page and throttling setting. */
  framesMs: number;
  /** Rounds of the frames part (each with its own blank page); its figures are their medians. */
  framesRuns?: number;
}

let options: SiteOptions = { reuseBuild: false, framesMs: 10_000, framesRuns: 3 };
export function configureSite(next: SiteOptions) {
  options = next;
}
export function siteOptions(): SiteOptions {
  return options;
}

export interface ChunkModule {
  id: string;
  /** Bytes the module contributes to the chunk after tree-shaking and minification. */
  bytes: number;
}

export interface BuildInfo {
  outDir: string;
  manifest: ViteManifest;
  /** Output chunk file → the modules bundled into it with their rendered bytes (main build; workers are built separately). */
  chunkModules: Record<string, ChunkModule[]>;
  buildMs: number | null;
}

let building: Promise<BuildInfo> | null = null;

/** The production build with a manifest, made once per run (or reused with --reuse-build). */
export function ensureBuild(ctx: BenchContext): Promise<BuildInfo> {
  building ??= makeBuild(ctx);
  return building;
}

async function makeBuild(ctx: BenchContext): Promise<BuildInfo> {
  if (options.reuseBuild && fs.existsSync(MANIFEST_FILE) && fs.existsSync(MODULES_FILE)) {
    ctx.progress(`reusing the build in ${path.relative(ROOT, BUILD_DIR)}`);
    return readBuild(null);
  }
  ctx.progress(`building the client into ${path.relative(ROOT, BUILD_DIR)} (vite build --manifest)…`);
  const started = performance.now();
  const chunkModules: Record<string, ChunkModule[]> = {};
  const { build } = await import('vite');
  await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    // Hidden source maps: the .map files beside the chunks give the per-module treemap
    // (bundle part) and the chunks stay byte for byte what a production build serves.
    build: { outDir: BUILD_DIR, emptyOutDir: true, manifest: true, sourcemap: 'hidden' },
    plugins: [
      {
        name: 'bench-record-chunk-modules',
        // The manifest names chunks, not the modules inside them: record those to find Pixi/Tone.
        generateBundle(_outputOptions, bundle) {
          for (const [file, output] of Object.entries(bundle)) {
            if (output.type !== 'chunk') continue;
            chunkModules[file] = Object.entries(output.modules).map(([id, info]) => ({
              id,
              bytes: info.renderedLength,
            }));
          }
        },
      },
    ],
  });
  fs.writeFileSync(MODULES_FILE, JSON.stringify(chunkModules));
  return readBuild(performance.now() - started);
}

function readBuild(buildMs: number | null): BuildInfo {
  if (!fs.existsSync(MANIFEST_FILE)) throw new Error(`The build wrote no manifest at ${MANIFEST_FILE}`);
  // The start-up part's floor (home without its scripts) beside home.html, before any server starts.
  if (fs.existsSync(path.join(BUILD_DIR, 'home.html'))) writeFloorPage(BUILD_DIR);
  return {
    outDir: BUILD_DIR,
    manifest: JSON.parse(fs.readFileSync(MANIFEST_FILE, 'utf8')) as ViteManifest,
    chunkModules: JSON.parse(fs.readFileSync(MODULES_FILE, 'utf8')) as Record<string, ChunkModule[]>,
    buildMs,
  };
}

/** Whether the build has the page module of a game: the route exists only then. */
export function gameInBuild(info: BuildInfo, slug: string): boolean {
  return Boolean(info.manifest[`src/games/${slug}/index.tsx`]);
}

export interface RunningServer {
  origin: string;
  pid: number;
  process: ChildProcess;
}

let serverStart: Promise<RunningServer> | null = null;
/** Parts that used the shared server: the peak RSS covers what they did to it. */
const serverUsers = new Set<string>();

export function recordServerUser(part: string): void {
  serverUsers.add(part);
}
export function serverUserNames(): string[] {
  return [...serverUsers];
}
let serverProcess: ChildProcess | null = null;

/** The real server (server/main.ts) serving the bench build on a free loopback port, started once. */
export function ensureServer(ctx: BenchContext): Promise<RunningServer> {
  serverStart ??= startServer(ctx);
  return serverStart;
}

async function startServer(ctx: BenchContext): Promise<RunningServer> {
  await ensureBuild(ctx);
  const port = await freePort(FIRST_PORT, FIRST_PORT + 9);
  const dbFile = path.join(ROOT, '.build', `bench-server-${port}.sqlite`);
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(dbFile + suffix, { force: true });
  ctx.progress(`starting the server on 127.0.0.1:${port}…`);
  // node --import tsx (not npx tsx) so the pid is the server itself: its VmHWM is the server's peak RSS.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: dbFile,
      CLIENT_DIR: BUILD_DIR,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // Production insists on a secret; a fresh random one per run is all a benchmark needs.
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
    },
  });
  serverProcess = child;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr.trim()}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return { origin, pid: child.pid as number, process: child };
    } catch (error) {
      // Not listening yet.
      if (process.env.BENCH_DEBUG) console.error(error);
    }
    await sleep(250);
  }
  throw new Error(`the server did not answer /api/health within 60 s: ${stderr.trim()}`);
}

async function freePort(first: number, last: number): Promise<number> {
  for (let port = first; port <= last; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${first}–${last}`);
}

/** Peak resident set size (VmHWM) of a process in MB, from /proc; null where /proc is missing. */
export function peakRssMB(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

export async function launchBrowser(ctx: BenchContext): Promise<Browser> {
  if (!ctx.chromium) throw new Error('no Chromium found (set CHROMIUM_PATH)');
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: ctx.chromium, headless: true, args: CHROMIUM_ARGS });
}

/** Stops the server (SIGTERM, then SIGKILL after 5 s). Safe to call more than once. */
export async function disposeSite(): Promise<void> {
  const child = serverProcess;
  serverProcess = null;
  serverStart = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Synchronous last resort on process exit (e.g. Ctrl-C): never leave the server running. */
export function killSiteNow(): void {
  if (serverProcess && serverProcess.exitCode === null) serverProcess.kill('SIGKILL');
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
