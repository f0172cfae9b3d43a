import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  createHistory,
  HISTORY_LIMIT,
  record,
  redo,
  sealHistory,
  undo,
} from './history.ts';

describe('undo/redo history', () => {
  it('undoes and redoes in order; a new edit clears redo', () => {
    let h = createHistory('a');
    h = record(h, 'b');
    h = record(h, 'c');
    expect(canUndo(h)).toBe(true);
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    h = redo(h);
    expect(h.present).toBe('b');
    h = record(h, 'x');
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toBe('b');
  });

  it('records with the same key merge into one step until sealed', () => {
    let h = createHistory(0);
    h = record(h, 1, 'knob:cutoff');
    h = record(h, 2, 'knob:cutoff');
    h = record(h, 3, 'knob:cutoff');
    expect(undo(h).present).toBe(0);
    h = sealHistory(h);
    h = record(h, 4, 'knob:cutoff');
    expect(undo(h).present).toBe(3);
  });

  it('keeps at most HISTORY_LIMIT steps', () => {
    let h = createHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++) h = record(h, i);
    expect(h.past.length).toBe(HISTORY_LIMIT);
  });
});
