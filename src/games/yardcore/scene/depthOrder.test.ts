import { describe, expect, it } from 'vitest';
import { inDepthOrder } from './depthOrder.ts';

describe('inDepthOrder', () => {
  const depth = new Map([
    ['crow', 2.5],
    ['hedgehog', 4],
    ['player', 4],
    ['fox', 7.25],
  ]);

  it('accepts back-to-front order, ties in either order', () => {
    expect(inDepthOrder(['crow', 'hedgehog', 'player', 'fox'], depth)).toBe(true);
    expect(inDepthOrder(['crow', 'player', 'hedgehog', 'fox'], depth)).toBe(true);
    expect(inDepthOrder([], depth)).toBe(true);
  });

  it('refuses an order where something further down is drawn first', () => {
    expect(inDepthOrder(['hedgehog', 'crow', 'fox'], depth)).toBe(false);
    expect(inDepthOrder(['crow', 'fox', 'player'], depth)).toBe(false);
  });

  it('counts a thing without a depth yet (just added) as 0', () => {
    expect(inDepthOrder(['crow', 'new'], depth)).toBe(false);
    expect(inDepthOrder(['new', 'crow'], depth)).toBe(true);
  });
});
