/** Timing a function with tinybench and reading the figures the harness reports. */
import { Bench } from 'tinybench';

export interface Timing {
  /** Median time per call in ms. */
  medianMs: number;
  meanMs: number;
  /** Relative margin of error of the mean, in %. */
  rme: number;
  samples: number;
}

export async function timeCall(name: string, fn: () => unknown, quick: boolean): Promise<Timing> {
  const bench = new Bench({ time: quick ? 300 : 2000, warmupTime: quick ? 50 : 300, throws: true });
  bench.add(name, fn);
  await bench.run();
  const result = bench.tasks[0]?.result;
  if (!result || !('latency' in result)) throw new Error(`${name}: tinybench gave no statistics`);
  return {
    medianMs: result.latency.p50,
    meanMs: result.latency.mean,
    rme: result.latency.rme,
    samples: result.latency.samplesCount,
  };
}
