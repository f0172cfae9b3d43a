// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { useFields } from './useFields.ts';

afterEach(cleanup);

describe('useFields', () => {
  it('gives the named fields and re-renders only when one of them changes', () => {
    const useStore = create<{ a: number; b: string; other: number }>()(() => ({ a: 1, b: 'x', other: 0 }));
    const seen: unknown[] = [];
    function Probe() {
      seen.push(useFields(useStore, ['a', 'b']));
      return null;
    }
    render(<Probe />);
    expect(seen).toEqual([{ a: 1, b: 'x' }]);
    act(() => useStore.setState({ other: 5 }));
    expect(seen).toHaveLength(1);
    act(() => useStore.setState({ a: 2 }));
    expect(seen).toEqual([
      { a: 1, b: 'x' },
      { a: 2, b: 'x' },
    ]);
  });
});
