/** The JSON written per run (benchmarks/results/<run>.json), read back by --compare. */
import type { BenchChart, BenchFigure } from '../types.ts';

export const RESULT_FORMAT = 'futile-bench/1';

export interface PartResult {
  name: string;
  description: string;
  /** 'not present': the part's folder (or what it measures) does not exist yet. */
  status: 'ok' | 'not present' | 'failed';
  error?: string;
  durationMs: number;
  figures: BenchFigure[];
  notes: string[];
  charts: BenchChart[];
}

export interface RunResult {
  format: typeof RESULT_FORMAT;
  /** e.g. "2026-11-22T04-15-03Z-quick": also the file name. */
  run: string;
  startedAt: string;
  finishedAt: string;
  quick: boolean;
  argv: string[];
  git: { commit: string | null; dirty: boolean | null };
  machine: {
    cpus: number;
    cpuModel: string;
    totalMemoryMB: number;
    node: string;
    platform: string;
    /** 1-minute load average at start and end: figures taken on a busy machine are noisy. */
    loadAverageStart: number;
    loadAverageEnd: number;
  };
  parts: PartResult[];
}

export function runName(startedAt: Date, quick: boolean): string {
  const stamp = startedAt
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return quick ? `${stamp}-quick` : stamp;
}

export function parseRunResult(text: string, source: string): RunResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON: ${(error as Error).message}`);
  }
  const run = parsed as Partial<RunResult>;
  if (run.format !== RESULT_FORMAT || !Array.isArray(run.parts)) {
    throw new Error(`${source} is not a benchmark run (format "${String(run.format)}")`);
  }
  return run as RunResult;
}

export function allFigures(run: RunResult): { part: string; figure: BenchFigure }[] {
  return run.parts.flatMap((part) => part.figures.map((figure) => ({ part: part.name, figure })));
}
