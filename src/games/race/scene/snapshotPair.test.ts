import { describe, expect, it } from 'vitest';
import { SnapshotPair } from './snapshotPair.ts';

const snap = (x: number) => ({ cars: new Float32Array([x, x, 0]) });

describe('SnapshotPair', () => {
  it('hands back only a buffer it no longer draws from, each once', () => {
    const pair = new SnapshotPair<{ cars: Float32Array }>();
    const a = snap(1);
    const b = snap(2);
    const c = snap(3);
    pair.push(a);
    expect(pair.takeSpare()).toBeNull();
    pair.push(b);
    // a and b are the pair being interpolated: neither may go back yet.
    expect(pair.takeSpare()).toBeNull();
    expect([pair.prev, pair.curr]).toEqual([a, b]);
    pair.push(c);
    expect(pair.takeSpare()).toBe(a.cars);
    expect(pair.takeSpare()).toBeNull();
    expect(pair.prev?.cars).toBe(b.cars);
    expect(pair.curr?.cars).toBe(c.cars);
  });

  it('keeps both drawn buffers whole while the spare is transferred away', () => {
    const pair = new SnapshotPair<{ cars: Float32Array }>();
    for (let i = 0; i < 5; i++) {
      pair.push(snap(i));
      const spare = pair.takeSpare();
      // What the pump does with it: transfer to the worker, which empties it here.
      if (spare) structuredClone(spare.buffer, { transfer: [spare.buffer] });
      expect(pair.curr?.cars.length).toBe(3);
      if (i > 0) expect(pair.prev?.cars.length).toBe(3);
    }
  });
});
