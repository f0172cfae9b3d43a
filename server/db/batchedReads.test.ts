import { describe, expect, it } from 'vitest';
import { BatchedRead } from './batchedReads.ts';

/** A read that records each batch it is given and answers after `ms`. */
function recordingRead(ms = 5) {
  const batches: number[][] = [];
  let running = 0;
  let mostRunning = 0;
  const read = async (inputs: number[]) => {
    batches.push(inputs);
    running++;
    mostRunning = Math.max(mostRunning, running);
    await new Promise((resolve) => setTimeout(resolve, ms));
    running--;
    return inputs.map((n) => n * 10);
  };
  return { read, batches, mostRunning: () => mostRunning };
}

describe('BatchedRead', () => {
  it('a call alone is read at once, in a batch of its own', async () => {
    const r = recordingRead();
    const batched = new BatchedRead(r.read, 2);
    expect(await batched.call(1)).toBe(10);
    expect(await batched.call(2)).toBe(20);
    expect(r.batches).toEqual([[1], [2]]);
  });

  it('calls made together share one read, each given its own answer', async () => {
    const r = recordingRead();
    const batched = new BatchedRead(r.read, 2);
    expect(await Promise.all([1, 2, 3].map((n) => batched.call(n)))).toEqual([10, 20, 30]);
    expect(r.batches).toEqual([[1, 2, 3]]);
  });

  it('calls arriving while maxRunning reads are under way wait and go together in the next', async () => {
    const r = recordingRead(20);
    const batched = new BatchedRead(r.read, 1);
    const first = batched.call(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = [2, 3, 4].map((n) => batched.call(n));
    expect(await Promise.all([first, ...later])).toEqual([10, 20, 30, 40]);
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
    expect(r.mostRunning()).toBe(1);
  });

  it('no more than maxBatch calls in a read, and no more than maxRunning reads at once', async () => {
    const r = recordingRead(5);
    const batched = new BatchedRead(r.read, 2, 3);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => batched.call(n)));
    expect(answers).toEqual(Array.from({ length: 10 }, (_, n) => n * 10));
    expect(Math.max(...r.batches.map((b) => b.length))).toBeLessThanOrEqual(3);
    expect(r.batches.flat()).toEqual(Array.from({ length: 10 }, (_, n) => n));
    expect(r.mostRunning()).toBe(2);
  });

  it('a failed read fails its calls only; the next read goes on', async () => {
    let fail = true;
    const batched = new BatchedRead(async (inputs: number[]) => {
      if (fail) {
        fail = false;
        throw new Error('database away');
      }
      return inputs;
    }, 1);
    await expect(Promise.all([batched.call(1), batched.call(2)])).rejects.toThrow('database away');
    expect(await batched.call(3)).toBe(3);
  });
});
