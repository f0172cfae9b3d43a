import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/**
 * `request.log` for one request, with pino's child for it built on the first line logged
 * rather than for every request. Most requests log nothing (request logging is off), yet
 * Fastify's default makes a pino child for each: a prototype copy, its formatters and the
 * request id serialised through the redaction paths, about a twentieth of a top-10 call's
 * CPU in a perf profile. That saving is real where no line is written for the request
 * (LOG_LEVEL warn or quieter, and the benchmarks' silent servers); at info the request line
 * builds the child anyway. Lines come out the same, request id included.
 */
/** What this file needs of the app's logger beyond Fastify's type: pino has it. */
type AppLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

export class LazyRequestLogger implements FastifyBaseLogger {
  #parent: AppLogger;
  #bindings: Bindings;
  #child: AppLogger | null = null;

  constructor(parent: AppLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  /** Whether pino's child for this request has been built (for tests). */
  get built(): boolean {
    return this.#child !== null;
  }

  #logger(): AppLogger {
    this.#child ??= this.#parent.child(this.#bindings) as AppLogger;
    return this.#child;
  }

  // The level is the app's until someone sets this request's own: a level changed on the
  // app at runtime reaches requests under way, as it does through pino's child.
  get level(): string {
    return (this.#child ?? this.#parent).level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.#parent).isLevelEnabled(level);
  }

  #write(level: LevelName, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    (this.#logger()[level] as (...a: unknown[]) => void)(...args);
  }

  // Methods on the prototype, not arrow fields: one object a request, no closures.
  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: lazy where the route keeps the app's level and
 * serialisers (every route here), pino's own child where a route sets its own.
 */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined)
    return logger.child(bindings, options);
  return new LazyRequestLogger(logger as AppLogger, bindings);
}
