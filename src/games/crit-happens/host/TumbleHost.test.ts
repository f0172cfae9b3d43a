import { describe, expect, it } from 'vitest';
import { simulateTumble, type TumbleInput } from '../engine/physics.ts';
import { TumbleHost } from './TumbleHost.ts';

const input: TumbleInput = {
  arena: { width: 600, height: 400 },
  sizes: [56, 56, 56],
  durationsMs: [1200, 1400, 1500],
  symmetry: [4, 6, 3],
  seed: 11,
};

describe('TumbleHost', () => {
  it('returns the engine track and marks its three buffers for transfer', () => {
    const marked: Transferable[][] = [];
    const host = new TumbleHost((value, transfer) => {
      marked.push(transfer);
      return value;
    });
    const track = host.tumble(input);
    expect(Array.from(track.frames)).toEqual(Array.from(simulateTumble(input).frames));
    expect(marked).toEqual([[track.frames.buffer, track.settleStep.buffer, track.impacts.buffer]]);
  });
});
