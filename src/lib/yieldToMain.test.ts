import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from './yieldToMain.ts';

describe('yieldToMain', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('continues in a later task: after the caller’s microtasks and a timer queued before it', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('task queued before'), 0);
    const done = yieldToMain().then(() => order.push('after the yield'));
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('caller');
    await done;
    expect(order).toEqual(['caller', 'microtask', 'task queued before', 'after the yield']);
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldFn });
    await yieldToMain();
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });
});
