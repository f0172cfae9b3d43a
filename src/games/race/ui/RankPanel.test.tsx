// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RankPanel } from './RankPanel.tsx';
import { type RankRow, useRaceStore } from './store.ts';

afterEach(() => {
  cleanup();
  useRaceStore.setState({ ranking: [], phase: 'idle', endReason: null, selectedId: null });
});

// Car 2 won, car 1 came second, cars 3 and 4 were short of the 3 laps when the race ended.
const ranking: RankRow[] = [
  { id: 2, color: 0xff0000, laps: 3, place: 1 },
  { id: 1, color: 0x00ff00, laps: 3, place: 2 },
  { id: 3, color: 0x0000ff, laps: 2, place: 0 },
  { id: 4, color: 0xffff00, laps: 1, place: 0 },
];

function rows(): HTMLElement[] {
  return within(screen.getByRole('region', { name: 'Ranking' })).getAllByRole('button');
}

describe('RankPanel', () => {
  it('marks the cars short of the lap count (DNF) once the race is over, and not before', () => {
    act(() =>
      useRaceStore.setState({ ranking, totalLaps: 3, phase: 'running', endReason: null, selectedId: 2 }),
    );
    render(<RankPanel picker={null} />);
    expect(screen.queryByText('(DNF)')).toBeNull();
    act(() => useRaceStore.setState({ phase: 'finished', endReason: 'top3_finished' }));
    const [first, second, third, fourth] = rows();
    expect(first.textContent).not.toContain('(DNF)');
    expect(second.textContent).not.toContain('(DNF)');
    expect(third.textContent).toContain('(DNF)');
    expect(fourth.textContent).toContain('(DNF)');
    expect(third.getAttribute('aria-label')).toBe('3rd Car 3, lap 3/3, did not finish');
    // Not a timeout: no timeout line.
    expect(screen.queryByText('⏱️ Race ended due to timeout')).toBeNull();
  });

  it("says '⏱️ Race ended due to timeout' when the celebration timeout ended the race", () => {
    act(() =>
      useRaceStore.setState({ ranking, totalLaps: 3, phase: 'finished', endReason: 'celebration_timeout' }),
    );
    render(<RankPanel picker={null} />);
    expect(screen.getByText('⏱️ Race ended due to timeout')).toBeTruthy();
    expect(screen.getAllByText('(DNF)')).toHaveLength(2);
  });

  it('picks a car as the player’s with a click on its row', () => {
    act(() => useRaceStore.setState({ ranking, totalLaps: 3, phase: 'idle' }));
    const picked: number[] = [];
    render(<RankPanel picker={{ select: (id) => picked.push(id) }} />);
    fireEvent.click(rows()[2]);
    expect(picked).toEqual([3]);
  });
});
