/** Command-line options of `npm run bench`. */

export interface BenchOptions {
  /** Part names to run; empty = all. */
  only: string[];
  quick: boolean;
  /** Earlier run's JSON to compare against. */
  compare: string | null;
  /** Memory soak duration in ms; null = the default for the mode. */
  soakMs: number | null;
  /** Frame-time recording per page and throttling setting, in ms; null = default. */
  framesMs: number | null;
  /** Reuse the build in .build/bench instead of building again. */
  reuseBuild: boolean;
  /** Runs of each part (each figure the median); null = the part's default (server: 3), 1 with --quick. */
  runs: number | null;
  list: boolean;
  help: boolean;
}

export class UsageError extends Error {}

export const USAGE = `Usage: npm run bench -- [options]

  --only <name>       run one part (repeatable, or a comma list: --only bundle,frames)
  --quick             short runs (fewer iterations, 3 s frame recordings, 20 s soak)
  --compare <file>    show the change of every figure against an earlier run's JSON
  --soak <duration>   memory soak per page, e.g. 5m, 90s, 120000 (default 5m, 20s with --quick)
  --frames <duration> frame recording per page and setting (default 10s, 3s with --quick)
  --reuse-build       use the existing .build/bench instead of building again
  --runs <n>          run each part n times, each figure the median with its spread (default:
                      the part's own, 3 for server and frames, whose rounds each have their own
                      blank page; 1 with --quick)
  --list              list the parts and whether they are present
  --help              this text`;

/** Parses "5m", "90s", "1500ms" or a bare number of milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|min)?$/i.exec(text.trim());
  if (!match) throw new UsageError(`Not a duration: "${text}" (use e.g. 5m, 90s, 1500ms)`);
  const n = Number(match[1]);
  const unit = (match[2] ?? 'ms').toLowerCase();
  const ms = unit === 'ms' ? n : unit === 's' ? n * 1000 : n * 60_000;
  if (ms <= 0) throw new UsageError(`Duration must be positive: "${text}"`);
  return Math.round(ms);
}

export function parseArgs(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = {
    only: [],
    quick: false,
    compare: null,
    soakMs: null,
    framesMs: null,
    reuseBuild: false,
    runs: null,
    list: false,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i];
    // Accept both "--only x" and "--only=x".
    const eq = raw.startsWith('--') ? raw.indexOf('=') : -1;
    const flag = eq > 0 ? raw.slice(0, eq) : raw;
    const inlineValue = eq > 0 ? raw.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inlineValue !== undefined) return inlineValue;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      i++;
      return next;
    };
    switch (flag) {
      case '--only':
        for (const name of value().split(',')) {
          const trimmed = name.trim();
          if (trimmed && !options.only.includes(trimmed)) options.only.push(trimmed);
        }
        break;
      case '--quick':
        options.quick = true;
        break;
      case '--compare':
        options.compare = value();
        break;
      case '--soak':
        options.soakMs = parseDuration(value());
        break;
      case '--frames':
        options.framesMs = parseDuration(value());
        break;
      case '--reuse-build':
        options.reuseBuild = true;
        break;
      case '--runs': {
        const text = value();
        const runs = Number(text);
        if (!Number.isInteger(runs) || runs < 1 || runs > 20)
          throw new UsageError(`--runs takes a whole number from 1 to 20, not "${text}"`);
        options.runs = runs;
        break;
      }
      case '--list':
        options.list = true;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new UsageError(`Unknown option "${raw}"`);
    }
  }
  return options;
}

export function soakDuration(options: BenchOptions): number {
  return options.soakMs ?? (options.quick ? 20_000 : 5 * 60_000);
}

/** How many times a part runs: --runs, else 1 with --quick, else the part's own default. */
export function partRuns(options: BenchOptions, defaultRuns = 1): number {
  return options.runs ?? (options.quick ? 1 : defaultRuns);
}

export function framesDuration(options: BenchOptions): number {
  return options.framesMs ?? (options.quick ? 3_000 : 10_000);
}

/** Rounds of the frames part (it repeats itself, each round beside its own blank page). */
export function framesRuns(options: BenchOptions): number {
  return partRuns(options, 3);
}
