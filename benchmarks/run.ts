/**
 * `npm run bench`: runs every benchmark part present (or those --only names), prints one
 * table, writes benchmarks/results/<run>.json and .md (+ SVG charts), and compares with
 * an earlier run when --compare is given. See benchmarks/README.md.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findChromium } from '../scripts/chromium.mjs';
import { attachBarePixiBaseline } from './frames/drawing.ts';
import { isViolation } from './lib/budgets.ts';
import {
  framesDuration,
  framesRuns,
  parseArgs,
  partRuns,
  soakDuration,
  USAGE,
  UsageError,
} from './lib/cli.ts';
import { compareRuns, type FigureChange } from './lib/compare.ts';
import { discoverParts, selectParts } from './lib/discover.ts';
import { renderMarkdown } from './lib/markdown.ts';
import { mergeRuns } from './lib/repeat.ts';
import { type PartResult, parseRunResult, RESULT_FORMAT, type RunResult, runName } from './lib/results.ts';
import { configureSite, disposeSite, ensureServer, killSiteNow, recordServerUser } from './lib/site.ts';
import { renderChart } from './lib/svg.ts';
import { renderTable } from './lib/table.ts';
import type { BenchContext, BenchFigure, BenchPart } from './types.ts';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = path.join(BENCH_DIR, 'results');

function isBenchPart(value: unknown): value is BenchPart {
  const candidate = value as BenchPart | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.run === 'function';
}

/** A part module may export its BenchPart as default or under any name. */
async function loadPart(entry: string): Promise<BenchPart> {
  const module = (await import(pathToFileURL(entry).href)) as Record<string, unknown>;
  const found = isBenchPart(module.default) ? module.default : Object.values(module).find(isBenchPart);
  if (!found) throw new Error(`${path.relative(process.cwd(), entry)} exports no BenchPart`);
  return found;
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: path.join(BENCH_DIR, '..'), encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function elapsed(since: number): string {
  const s = Math.round((performance.now() - since) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

async function main(argv: string[]): Promise<number> {
  const options = parseArgs(argv);
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const discovered = discoverParts(BENCH_DIR);
  if (options.list) {
    for (const p of discovered) console.log(`${p.name.padEnd(10)} ${p.present ? 'present' : 'not present'}`);
    return 0;
  }
  const selected = selectParts(discovered, options.only);
  // Read the old run first: a bad path should fail before minutes of measuring.
  const previous = options.compare
    ? parseRunResult(fs.readFileSync(options.compare, 'utf8'), options.compare)
    : null;

  const startedAt = new Date();
  const runStarted = performance.now();
  const chromium = findChromium();
  configureSite({
    reuseBuild: options.reuseBuild,
    framesMs: framesDuration(options),
    framesRuns: framesRuns(options),
  });
  const loadAverageStart = os.loadavg()[0];
  console.error(
    `Benchmarks${options.quick ? ' (quick)' : ''}: ${selected.map((p) => p.name).join(', ')}; load average ${loadAverageStart.toFixed(2)} on ${os.cpus().length} CPUs${loadAverageStart > os.cpus().length * 0.5 ? ' — busy machine, timings will be noisy' : ''}`,
  );

  const results: PartResult[] = [];
  try {
    for (const discoveredPart of selected) {
      const result: PartResult = {
        name: discoveredPart.name,
        description: '',
        status: 'ok',
        durationMs: 0,
        figures: [],
        notes: [],
        charts: [],
      };
      results.push(result);
      if (!discoveredPart.present) {
        result.status = 'not present';
        result.description = `benchmarks/${discoveredPart.name}/index.ts does not exist yet`;
        console.error(`[${discoveredPart.name}] not present`);
        continue;
      }
      const partStarted = performance.now();
      const ctx: BenchContext = {
        quick: options.quick,
        chromium,
        soakMs: soakDuration(options),
        progress: (message) => console.error(`  ${elapsed(runStarted)} [${discoveredPart.name}] ${message}`),
        note: (message) => {
          result.notes.push(message);
          console.error(`  ${elapsed(runStarted)} [${discoveredPart.name}] note: ${message}`);
        },
        chart: (chart) => result.charts.push(chart),
        server: async () => {
          recordServerUser(discoveredPart.name);
          const server = await ensureServer(ctx);
          return { origin: server.origin, pid: server.pid };
        },
      };
      try {
        const part = await loadPart(discoveredPart.entry);
        result.description = part.description;
        console.error(`[${discoveredPart.name}] ${part.description}`);
        // A part that repeats itself (frames: each round beside its own blank page) runs once here.
        const runs = part.repeatsItself ? 1 : partRuns(options, part.defaultRuns);
        const perRun: BenchFigure[][] = [];
        for (let i = 0; i < runs; i++) {
          if (runs > 1)
            ctx.progress(
              `run ${i + 1} of ${runs}; load average ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} CPUs`,
            );
          perRun.push(await part.run(ctx));
        }
        result.figures = mergeRuns(perRun);
        if (runs > 1)
          result.notes.push(
            `${runs} runs: each figure is their median (its spread beside it); load average ${os.loadavg()[0].toFixed(2)} at the end of the part`,
          );
      } catch (error) {
        result.status = 'failed';
        result.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
        console.error(
          `  [${discoveredPart.name}] FAILED: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
        );
      }
      result.durationMs = performance.now() - partStarted;
    }
  } finally {
    await disposeSite();
  }
  attachBarePixiBaseline(results);

  const finishedAt = new Date();
  const run: RunResult = {
    format: RESULT_FORMAT,
    run: runName(startedAt, options.quick),
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    quick: options.quick,
    argv,
    git: {
      commit: git(['rev-parse', 'HEAD']),
      dirty: (() => {
        const status = git(['status', '--porcelain', '--untracked-files=no']);
        return status === null ? null : status.length > 0;
      })(),
    },
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      totalMemoryMB: Math.round(os.totalmem() / 2 ** 20),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      loadAverageStart,
      loadAverageEnd: os.loadavg()[0],
    },
    parts: results,
  };
  const changes: FigureChange[] | null = previous ? compareRuns(previous, run) : null;

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const jsonFile = path.join(RESULTS_DIR, `${run.run}.json`);
  fs.writeFileSync(jsonFile, `${JSON.stringify(run, null, 2)}\n`);
  const chartFiles = new Map<string, string>();
  const charts = results.flatMap((r) => r.charts);
  if (charts.length) {
    fs.mkdirSync(path.join(RESULTS_DIR, run.run), { recursive: true });
    for (const chart of charts) {
      const file = `${run.run}/${chart.id}.svg`;
      fs.writeFileSync(path.join(RESULTS_DIR, file), renderChart(chart));
      chartFiles.set(chart.id, file);
    }
  }
  const markdownFile = path.join(RESULTS_DIR, `${run.run}.md`);
  fs.writeFileSync(markdownFile, renderMarkdown(run, changes, chartFiles, options.compare));

  console.log('');
  console.log(renderTable(run, changes, process.stdout.isTTY === true));
  console.log('');
  console.log(`Results: ${path.relative(process.cwd(), jsonFile)}`);
  console.log(`Report:  ${path.relative(process.cwd(), markdownFile)} (${elapsed(runStarted)} total)`);
  const failed = results.some((r) => r.status === 'failed');
  const over = results.some((r) => r.figures.some(isViolation));
  return failed || over ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killSiteNow();
    process.exit(130);
  });
}
process.on('exit', killSiteNow);

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  },
);
