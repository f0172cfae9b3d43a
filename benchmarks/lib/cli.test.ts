import { describe, expect, it } from 'vitest';
import { framesDuration, parseArgs, parseDuration, soakDuration, UsageError } from './cli.ts';

describe('parseArgs', () => {
  it('defaults to every part, full length', () => {
    const options = parseArgs([]);
    expect(options).toMatchObject({ only: [], quick: false, compare: null, soakMs: null, reuseBuild: false });
    expect(soakDuration(options)).toBe(300_000);
    expect(framesDuration(options)).toBe(10_000);
  });
  it('takes --only repeated and as a comma list, without duplicates', () => {
    expect(parseArgs(['--only', 'bundle', '--only', 'frames,memory', '--only=bundle']).only).toEqual([
      'bundle',
      'frames',
      'memory',
    ]);
  });
  it('shortens the soak and frame recordings with --quick unless given', () => {
    const quick = parseArgs(['--quick']);
    expect(soakDuration(quick)).toBe(20_000);
    expect(framesDuration(quick)).toBe(3_000);
    expect(soakDuration(parseArgs(['--quick', '--soak', '2m']))).toBe(120_000);
  });
  it('reads --compare, --frames and --reuse-build', () => {
    const options = parseArgs(['--compare', 'benchmarks/results/a.json', '--frames=5s', '--reuse-build']);
    expect(options.compare).toBe('benchmarks/results/a.json');
    expect(options.framesMs).toBe(5000);
    expect(options.reuseBuild).toBe(true);
  });
  it('rejects unknown options and missing values', () => {
    expect(() => parseArgs(['--fast'])).toThrow(UsageError);
    expect(() => parseArgs(['--only'])).toThrow(/needs a value/);
    expect(() => parseArgs(['--compare', '--quick'])).toThrow(/needs a value/);
  });
});

describe('parseDuration', () => {
  it('understands ms, s, m and bare milliseconds', () => {
    expect(parseDuration('1500ms')).toBe(1500);
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('5m')).toBe(300_000);
    expect(parseDuration('2.5s')).toBe(2500);
    expect(parseDuration('250')).toBe(250);
  });
  it('rejects nonsense and zero', () => {
    expect(() => parseDuration('five')).toThrow(UsageError);
    expect(() => parseDuration('0s')).toThrow(UsageError);
  });
});
