/**
 * What every benchmark part returns, so `npm run bench` can print one table, write
 * JSON, compare runs and check goals. A part is a module exporting `run(ctx)`.
 */
export interface BenchFigure {
  /** Stable id, e.g. "gravity.engine.protoDisk.msPerSubstep". */
  id: string;
  /** Human label for the table. */
  label: string;
  value: number;
  unit: string;
  /** Same-run baseline (e.g. the naive N-body) and the ratio value/baseline or baseline/value. */
  baseline?: { label: string; value: number; ratio: number; ratioLabel: string };
  /** A goal from the issues; `ok` is computed by the harness. */
  goal?: { op: '<=' | '>='; value: number; text?: string };
  /** 'lower' when smaller is better (times), 'higher' for throughputs. */
  better: 'lower' | 'higher';
  /** Hard pass/fail facts that are not a number against a goal (e.g. "home loads Pixi"). */
  flags?: string[];
  /** Set by the harness when the part ran more than once (--runs): every run's value; value is their median. */
  runs?: number[];
}

/** A small chart for the Markdown report (rendered to SVG by the harness). */
export type BenchChart =
  | {
      kind: 'histogram';
      id: string;
      title: string;
      unit: string;
      /** Lower bucket edges, equal width; the last bucket also holds everything above it. */
      bucketStart: number;
      bucketWidth: number;
      counts: number[];
      /** Vertical reference lines, e.g. the 16.7 ms frame budget. */
      markers?: { value: number; label: string }[];
    }
  | {
      kind: 'bars';
      id: string;
      title: string;
      unit: string;
      /** One bar per label, split into stacked series (e.g. JS and CSS). */
      bars: { label: string; values: number[] }[];
      series: string[];
      /** A horizontal budget line per bar, when it has one. */
      limits?: (number | null)[];
    }
  | {
      kind: 'treemap';
      id: string;
      title: string;
      unit: string;
      /** Areas, largest first; coloured by group (e.g. npm package). */
      items: { label: string; group: string; value: number }[];
      /** The report lists this many of the largest items in a table under the picture. */
      tableRows?: number;
    };

export interface BenchContext {
  /** Reports progress of long parts on the terminal. */
  progress(message: string): void;
  /** Quick mode: fewer iterations (used by the harness's own tests and --quick). */
  quick: boolean;
  /** Chromium path for browser parts, or null when none is installed. */
  chromium: string | null;
  /** Records a remark for the report, e.g. "page /synth not present". */
  note?(message: string): void;
  /** Adds a chart to the Markdown report. */
  chart?(chart: BenchChart): void;
  /** Soak duration for memory growth runs, in ms (--soak; 5 min by default, 20 s with --quick). */
  soakMs?: number;
  /**
   * The real server (server/main.ts, NODE_ENV=production, fresh SQLite) serving the bench
   * build on a loopback port, shared by the whole run and started on first use. A load
   * part that aims at it gets its peak RSS (VmHWM) reported by the memory part.
   */
  server?(): Promise<{ origin: string; pid: number }>;
}

export interface BenchPart {
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<BenchFigure[]>;
  /**
   * How many times the harness runs the part when --runs is not given (1 when absent, and
   * always 1 with --quick): each figure is then the median of the runs, its spread kept.
   */
  defaultRuns?: number;
  /** The part repeats its own rounds (each beside its own baseline, `framesRuns`): run once by run.ts. */
  repeatsItself?: boolean;
}
