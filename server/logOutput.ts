import fs from 'node:fs';
import tty from 'node:tty';

/**
 * Where the server's log lines go (stdout), written so that the output can never hold the
 * server up: a line that cannot be written at once is dropped and counted, never waited for.
 *
 * Why: pino's default destination (sonic-boom on fd 1) writes asynchronously and, on
 * process exit, flushes what is left synchronously with `flushSync`, which retries every
 * failed write (EPIPE when the reader has gone, EAGAIN when the pipe is full, ENOSPC on
 * /dev/full) every 100 ms forever, sleeping in Atomics.wait. `process.exit` at the end of a
 * shutdown then never returned. This output has no exit hook and no retries.
 *
 * - A pipe, socket or terminal goes through Node's own `process.stdout` (libuv, non-blocking
 *   on a pipe: a line the pipe cannot take now waits in memory); once more than
 *   `maxBacklogBytes` wait there (nobody reads), further lines are dropped (`backlog`). A write
 *   that fails (EPIPE: the reader has gone) drops that line and every line after it (`failed`).
 * - A file or a device (/dev/null, /dev/full) is written directly; a write that fails (disk
 *   full) drops that line (`failed`) and the next line is tried again.
 */
export interface LogDrops {
  /** Lines not written because too much output was already waiting for a reader. */
  backlog: number;
  /** Lines whose write failed (closed pipe, full disk, …). */
  failed: number;
}

/** Output waiting for a slow or absent reader before lines are dropped. */
export const DEFAULT_MAX_BACKLOG_BYTES = 1024 * 1024;

/** A writable stream that tells how much is waiting in it: a net.Socket, process.stdout. */
export type LogStream = NodeJS.WritableStream & { writableLength: number; destroyed: boolean };

type Target = { kind: 'stream'; stream: LogStream } | { kind: 'fd'; fd: number };

/** A pino destination (anything with `write(line)`); also takes plain text such as the banner. */
export class LogOutput {
  readonly dropped: LogDrops = { backlog: 0, failed: 0 };

  constructor(
    private readonly target: Target,
    private readonly maxBacklogBytes = DEFAULT_MAX_BACKLOG_BYTES,
  ) {
    if (target.kind === 'stream') {
      // An 'error' event nobody listens to would throw: the failed writes are counted below.
      target.stream.on('error', () => {});
    }
  }

  /** Writes `line` now or drops it; never blocks, never throws. Always answers true (no backpressure). */
  write(line: string): boolean {
    if (this.target.kind === 'fd') {
      this.writeFd(this.target.fd, line);
      return true;
    }
    const { stream } = this.target;
    if (stream.destroyed) {
      this.dropped.failed++;
    } else if (stream.writableLength + line.length > this.maxBacklogBytes) {
      this.dropped.backlog++;
    } else {
      stream.write(line, (err) => {
        if (err) this.dropped.failed++;
      });
    }
    return true;
  }

  private writeFd(fd: number, line: string) {
    let rest = Buffer.from(line);
    try {
      while (rest.length > 0) rest = rest.subarray(fs.writeSync(fd, rest));
    } catch {
      this.dropped.failed++;
    }
  }

  /** A stream (a test's socket or pipe) written like stdout on a pipe. */
  static forStream(stream: LogStream, maxBacklogBytes?: number) {
    return new LogOutput({ kind: 'stream', stream }, maxBacklogBytes);
  }

  /** A file descriptor of a file or device, written directly. */
  static forFd(fd: number) {
    return new LogOutput({ kind: 'fd', fd });
  }
}

let stdout: LogOutput | undefined;

/**
 * The process's stdout as a LogOutput (one per process). Also keeps `console` writes to a
 * broken stdout or stderr from throwing: their errors are swallowed, as the log's are.
 */
export function stdoutLogOutput(): LogOutput {
  if (stdout) return stdout;
  process.stderr.on('error', () => {});
  let fileOrDevice = false;
  try {
    const stat = fs.fstatSync(1);
    fileOrDevice = (stat.isFile() || stat.isCharacterDevice()) && !tty.isatty(1);
  } catch {
    // fd 1 is not open: process.stdout is then a stream that discards.
  }
  stdout = fileOrDevice ? LogOutput.forFd(1) : LogOutput.forStream(process.stdout);
  if (fileOrDevice) process.stdout.on('error', () => {});
  return stdout;
}
