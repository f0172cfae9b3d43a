import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coreShare, cpuWindow, threadCpuSeconds } from './threadCpu.ts';

describe('thread CPU from /proc', () => {
  it('reads utime + stime of a stat line whose name holds spaces and parentheses', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
    const line = '4242 (Web Content (x)) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 75 0 0 20 0 30 0';
    expect(threadCpuSeconds(line)).toBe(3.25);
    expect(threadCpuSeconds('garbage')).toBeNull();
  });

  it.runIf(process.platform === 'linux')('sees this process spend CPU it really spent', () => {
    const read = () =>
      threadCpuSeconds(fs.readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8'));
    const before = read()!;
    // Spin for 120 ms of this process's CPU time (not wall time, which a busy machine stretches).
    const start = process.cpuUsage();
    let x = 0;
    while (process.cpuUsage(start).user < 120_000) x += Math.sqrt(x + 1);
    expect(x).toBeGreaterThan(0);
    // 120 ms in ticks of 10 ms, some of it maybe on other threads: at least 50 ms on this one
    // (less a float's rounding of the tick sums).
    expect(read()! - before).toBeGreaterThan(0.0499);
  });

  it('gives the share of a core between two readings, null where a reading lacks the thread', () => {
    const before = new Map([[7, 10]]);
    const after = new Map([
      [7, 13.75],
      [8, 1],
    ]);
    expect(coreShare(before, after, { tid: 7 }, 5)).toBeCloseTo(0.75);
    expect(coreShare(before, after, { tid: 8 }, 5)).toBeNull();
    expect(coreShare(before, after, { tid: 7 }, 0)).toBeNull();
  });

  it('times a measuring window from its opening to its stop', async () => {
    const cpu = cpuWindow();
    await new Promise((resolve) => setTimeout(resolve, 60));
    const { seconds } = cpu.stop();
    expect(seconds).toBeGreaterThanOrEqual(0.055);
    expect(seconds).toBeLessThan(5);
  });
});
