// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { addDie, type DieType, emptyPool, type Pool, trayEntries } from '../engine/dice.ts';
import { startRolling } from '../engine/roll.ts';
import { TrayFaces } from './trayFaces.ts';

function poolOf(...types: DieType[]): Pool {
  let pool = emptyPool();
  for (const type of types) pool = (addDie(pool, type) as { pool: Pool }).pool;
  return pool;
}

/** A tray of cells, one per entry, attached as the rows mount. */
function tray(faces: TrayFaces, pool: Pool) {
  const cells = new Map<string, HTMLElement>();
  const detach = new Map<string, () => void>();
  for (const entry of trayEntries(pool)) {
    const cell = document.createElement('span');
    cell.textContent = '…';
    cells.set(entry.id, cell);
    detach.set(entry.id, faces.attach(entry.id, cell));
  }
  return { text: (id: string) => cells.get(id)?.textContent, cells, detach };
}

describe('TrayFaces', () => {
  it("writes each die's face into its row as it settles, a d100 once both halves have", () => {
    const pool = startRolling(poolOf('d6', 'd100', 'd20'));
    const [d6, d100, d20] = trayEntries(pool);
    const faces = new TrayFaces();
    const { text } = tray(faces, pool);
    faces.begin(pool.dice);

    faces.settle(3, 17); // the d20 (after the d100's two halves)
    expect([text(d6.id), text(d100.id), text(d20.id)]).toEqual(['…', '…', '17']);
    faces.settle(1, 4); // the d100's tens: its ones still tumble
    expect(text(d100.id)).toBe('…');
    faces.settle(2, 2);
    faces.settle(0, 5);
    expect([text(d6.id), text(d100.id), text(d20.id)]).toEqual(['5', '42', '17']);
  });

  it('changes the text node it finds, and leaves rows that went away and unknown dice alone', () => {
    const pool = startRolling(poolOf('d6', 'd8'));
    const [d6, d8] = trayEntries(pool);
    const faces = new TrayFaces();
    const { cells, detach, text } = tray(faces, pool);
    const node = cells.get(d6.id)?.firstChild;
    faces.begin(pool.dice);
    detach.get(d8.id)?.();
    faces.settle(0, 3);
    faces.settle(1, 7);
    faces.settle(9, 1);
    expect(cells.get(d6.id)?.firstChild).toBe(node);
    expect([text(d6.id), text(d8.id)]).toEqual(['3', '…']);
  });

  it('a new roll starts from its own dice, not from the last roll’s faces', () => {
    const faces = new TrayFaces();
    const first = startRolling(poolOf('d100'));
    const [entry] = trayEntries(first);
    const { text } = tray(faces, first);
    faces.begin(first.dice);
    faces.settle(0, 1);
    faces.settle(1, 2);
    expect(text(entry.id)).toBe('12');
    faces.show(entry.id, '…');
    faces.begin(startRolling(first).dice);
    faces.settle(1, 9);
    expect(text(entry.id)).toBe('…');
  });
});
