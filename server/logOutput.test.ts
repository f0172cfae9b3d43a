/**
 * The log output never waits and never throws: on a socket nobody reads it keeps at most
 * maxBacklogBytes waiting and drops the rest; on a closed one, and on /dev/full, every line
 * is dropped; each dropped line is counted. Real sockets and devices, no mocks.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogOutput } from './logOutput.ts';

const LINE = `${JSON.stringify({ level: 30, msg: 'request', pad: 'x'.repeat(1000) })}\n`;

/** A connected Unix socket pair: `writer` to write to, `reader` (paused: reads nothing) at the other end. */
async function socketPair(): Promise<{ writer: net.Socket; reader: net.Socket; close(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'futile-log-'));
  const where = path.join(dir, 'sock');
  const server = net.createServer({ pauseOnConnect: true });
  const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
  await new Promise<void>((resolve) => server.listen(where, resolve));
  const writer = net.connect(where);
  await new Promise((resolve) => writer.once('connect', resolve));
  const reader = await accepted;
  return {
    writer,
    reader,
    close() {
      writer.destroy();
      reader.destroy();
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('LogOutput', () => {
  let close = () => {};
  afterEach(() => close());

  it('on a socket nobody reads: returns at once, keeps at most the backlog, drops and counts the rest', async () => {
    const pair = await socketPair();
    close = pair.close;
    const output = LogOutput.forStream(pair.writer, 64 * 1024);
    const startedAt = performance.now();
    // 4 MiB: far more than the kernel's socket buffer and the backlog together.
    for (let i = 0; i < 4000; i++) expect(output.write(LINE)).toBe(true);
    expect(performance.now() - startedAt).toBeLessThan(2000);
    expect(pair.writer.writableLength).toBeLessThanOrEqual(64 * 1024);
    expect(output.dropped.backlog).toBeGreaterThan(3000);
    expect(output.dropped.failed).toBe(0);
  });

  it('on a socket whose reader has gone: every line is dropped and counted, nothing is thrown', async () => {
    const pair = await socketPair();
    close = pair.close;
    const output = LogOutput.forStream(pair.writer);
    pair.reader.destroy();
    // The first writes find the peer gone (EPIPE / ECONNRESET); the stream is then destroyed.
    for (let i = 0; i < 50 && !pair.writer.destroyed; i++) {
      output.write(LINE);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(pair.writer.destroyed, 'the socket never saw its peer go').toBe(true);
    const before = output.dropped.failed;
    expect(before).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 10; i++) output.write(LINE);
    expect(output.dropped.failed).toBe(before + 10);
    expect(output.dropped.backlog).toBe(0);
  });

  it('on /dev/full: each line fails, is counted, and the next is tried again', () => {
    const fd = fs.openSync('/dev/full', 'w');
    close = () => fs.closeSync(fd);
    const output = LogOutput.forFd(fd);
    for (let i = 0; i < 5; i++) expect(output.write(LINE)).toBe(true);
    expect(output.dropped).toEqual({ failed: 5, backlog: 0 });
  });

  it('on a file: writes every line whole', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'futile-log-'));
    const file = path.join(dir, 'log');
    const fd = fs.openSync(file, 'w');
    close = () => fs.rmSync(dir, { recursive: true, force: true });
    const output = LogOutput.forFd(fd);
    for (let i = 0; i < 3; i++) output.write(LINE);
    fs.closeSync(fd);
    expect(fs.readFileSync(file, 'utf8')).toBe(LINE.repeat(3));
    expect(output.dropped).toEqual({ failed: 0, backlog: 0 });
  });
});
