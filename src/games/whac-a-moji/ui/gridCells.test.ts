// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { GridCells } from './gridCells.ts';
import type { SlotView } from './store.ts';

const empty = (serial = 0): SlotView => ({
  emoji: null,
  isHit: false,
  countdown: 0,
  points: 0,
  cross: false,
  serial,
});
const up = (serial: number, countdown: number): SlotView => ({
  emoji: '🐹',
  isHit: false,
  countdown,
  points: 0,
  cross: false,
  serial,
});
const hit = (serial: number, points: number): SlotView => ({ ...up(serial, 1), isHit: true, points });

function setUp(count = 4) {
  const grid = document.createElement('section');
  document.body.append(grid);
  const whacked: number[] = [];
  const cells = new GridCells(grid, count, (slot) => whacked.push(slot));
  const button = (i: number) => grid.children[i] as HTMLButtonElement;
  const parts = (i: number) => Array.from(button(i).firstElementChild!.children).map((c) => c.className);
  return { grid, cells, whacked, button, parts };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('GridCells', () => {
  it('draws each hole as a button with its state, slot, spoken label and the parts its state shows', () => {
    const { grid, cells, button, parts } = setUp();
    cells.show([empty(), up(1, 3), hit(2, 20), { ...empty(3), cross: true }]);
    expect(grid.children).toHaveLength(4);
    expect(button(0).className).toBe('whac-cell whac-cell--empty');
    expect(button(0).dataset.state).toBe('empty');
    expect(button(0).getAttribute('aria-label')).toBe('Hole 1: empty');
    expect(parts(0)).toEqual(['whac-cell__hole']);

    expect(button(1).dataset.state).toBe('up');
    expect(button(1).dataset.slot).toBe('1');
    expect(button(1).getAttribute('aria-label')).toBe('Hole 2: 🐹, countdown 3');
    expect(parts(1)).toEqual([
      'whac-cell__hole',
      'whac-cell__emoji',
      'whac-cell__countdown whac-cell__countdown--3',
    ]);
    expect(button(1).textContent).toBe('🐹3');

    expect(button(2).getAttribute('aria-label')).toBe('Hole 3: whacked 🐹 (+20)');
    expect(parts(2)).toEqual(['whac-cell__hole', 'whac-cell__emoji', 'whac-cell__pop']);
    expect(button(2).textContent).toBe('🐹+20');

    expect(parts(3)).toEqual(['whac-cell__hole', 'whac-cell__cross']);
    for (const child of Array.from(grid.querySelectorAll('span')))
      expect(child.getAttribute('aria-hidden')).toBe('true');
  });

  it('makes a part anew when what it shows starts again, so its entry animation replays, and keeps it otherwise', () => {
    const { cells, button } = setUp(1);
    const first = up(7, 3);
    cells.show([first]);
    const emoji = button(0).querySelector('.whac-cell__emoji');
    const three = button(0).querySelector('.whac-cell__countdown');

    cells.show([up(7, 2)]);
    expect(button(0).querySelector('.whac-cell__emoji')).toBe(emoji);
    const two = button(0).querySelector('.whac-cell__countdown');
    expect(two).not.toBe(three);
    expect(two?.className).toBe('whac-cell__countdown whac-cell__countdown--2');

    // The hit keeps the emoji (its squash plays from the cell's class), drops the countdown.
    cells.show([hit(7, 10)]);
    expect(button(0).querySelector('.whac-cell__emoji')).toBe(emoji);
    expect(button(0).querySelector('.whac-cell__countdown')).toBeNull();
    expect(button(0).className).toBe('whac-cell whac-cell--hit');

    // The next emoji in the same hole is a new element.
    cells.show([up(8, 3)]);
    expect(button(0).querySelector('.whac-cell__emoji')).not.toBe(emoji);
    expect(button(0).querySelector('.whac-cell__pop')).toBeNull();
  });

  it('stacks a cross that comes later above the parts already there', () => {
    const { cells, parts } = setUp(1);
    cells.show([{ ...empty(2), cross: true }]);
    cells.show([{ ...up(3, 3), cross: true }]);
    expect(parts(0)).toEqual([
      'whac-cell__hole',
      'whac-cell__emoji',
      'whac-cell__countdown whac-cell__countdown--3',
      'whac-cell__cross',
    ]);
  });

  it('leaves a cell alone when its view is the same object', () => {
    const { cells, button } = setUp(1);
    const view = up(1, 3);
    cells.show([view]);
    button(0).setAttribute('aria-label', 'changed by someone else');
    cells.show([view]);
    expect(button(0).getAttribute('aria-label')).toBe('changed by someone else');
  });

  it('whacks on a primary press and on a keyboard click, not on a pointer click or a right press', () => {
    const { button, cells, whacked } = setUp(3);
    cells.show([empty(), up(1, 3), empty()]);
    const press = (target: Element, init: PointerEventInit) =>
      target.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true, ...init }));
    press(button(1).querySelector('.whac-cell__emoji')!, { button: 0, pointerType: 'touch' });
    press(button(2), { button: 2, pointerType: 'mouse' });
    button(0).dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
    button(2).dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 0 }));
    expect(whacked).toEqual([1, 2]);
  });

  it('lets go of the grid when disposed: no cells, no whacks', () => {
    const { grid, cells, whacked } = setUp(2);
    const kept = grid.children[0]!;
    cells.dispose();
    expect(grid.children).toHaveLength(0);
    kept.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 0 }));
    grid.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 0 }));
    expect(whacked).toEqual([]);
  });
});
