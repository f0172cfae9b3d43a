/**
 * The playing grid's holes as DOM written by hand, not by React: a round shows a change of
 * the grid every few ticks (an emoji up, a countdown step, a hit, a cross), and rendering
 * the grid and diffing its cells for each cost a tap's frame about 1 ms of main thread at
 * full speed (4 ms on a mid-tier phone). Here each change touches just the cell it is in.
 *
 * The DOM is the one React wrote: a button per hole (`data-state`, `data-slot`, a spoken
 * label), the hole, and the parts a state shows (emoji, countdown, "+points", cross). The hole
 * and the parts sit in a layer of the button's size with layout containment: the button is a
 * grid item, which Chromium lays out only with the grid and the page, so a part coming or going
 * straight in the button laid out the whole page (32 times in 6 s of play); in the layer it lays
 * out the layer alone. A part
 * is made anew when what it shows starts again (a new emoji, the next countdown step), so
 * its CSS entry animation plays again, as React's keys did.
 */
import type { SlotView } from './store.ts';

type CellState = 'empty' | 'up' | 'hit';

/** The parts of a cell that come and go, in the order they are stacked (later ones on top). */
const PARTS = ['emoji', 'countdown', 'pop', 'cross'] as const;
type PartName = (typeof PARTS)[number];

interface Part {
  /** What the element shows: a new key, a new element. */
  key: string;
  element: HTMLSpanElement;
}

interface CellElements {
  button: HTMLButtonElement;
  /** The hole and the parts, laid out apart from the page. */
  layer: HTMLSpanElement;
  view: SlotView | null;
  parts: Partial<Record<PartName, Part>>;
}

export function cellState(slot: SlotView): CellState {
  return slot.emoji === null ? 'empty' : slot.isHit ? 'hit' : 'up';
}

export function slotLabel(slot: SlotView, index: number): string {
  const n = `Hole ${index + 1}`;
  if (slot.emoji === null) return `${n}: empty`;
  if (slot.isHit) return `${n}: whacked ${slot.emoji} (+${slot.points})`;
  return `${n}: ${slot.emoji}, countdown ${slot.countdown}`;
}

/** What each part of a cell shows for `slot`: its key, class and text, or null where it is absent. */
function partsOf(slot: SlotView): Record<PartName, { key: string; className: string; text: string } | null> {
  const state = cellState(slot);
  return {
    emoji:
      slot.emoji === null
        ? null
        : { key: `e${slot.serial}`, className: 'whac-cell__emoji', text: slot.emoji },
    countdown:
      state === 'up'
        ? {
            key: `c${slot.serial}-${slot.countdown}`,
            className: `whac-cell__countdown whac-cell__countdown--${slot.countdown}`,
            text: String(slot.countdown),
          }
        : null,
    pop:
      state === 'hit'
        ? { key: `p${slot.serial}`, className: 'whac-cell__pop', text: `+${slot.points}` }
        : null,
    cross: slot.cross ? { key: `x${slot.serial}`, className: 'whac-cell__cross', text: '✕' } : null,
  };
}

/**
 * The cells of one grid shape inside `grid` (its children are replaced). `show` writes the
 * cells whose view changed since the last call; unchanged cells keep their object (the
 * store's `slotViews` does that), so a change costs one cell's DOM.
 */
export class GridCells {
  private readonly cells: CellElements[] = [];
  private readonly controller = new AbortController();

  constructor(
    private readonly grid: HTMLElement,
    count: number,
    onWhack: (slot: number) => void,
  ) {
    const doc = grid.ownerDocument;
    const buttons: HTMLButtonElement[] = [];
    for (let i = 0; i < count; i++) {
      const button = doc.createElement('button');
      button.type = 'button';
      button.dataset.slot = String(i);
      const layer = doc.createElement('span');
      layer.className = 'whac-cell__layer';
      layer.setAttribute('aria-hidden', 'true');
      const hole = doc.createElement('span');
      hole.className = 'whac-cell__hole';
      hole.setAttribute('aria-hidden', 'true');
      layer.append(hole);
      button.append(layer);
      buttons.push(button);
      this.cells.push({ button, layer, view: null, parts: {} });
    }
    grid.replaceChildren(...buttons);

    // One listener for the grid, not one per hole.
    const slotOf = (event: Event): number | null => {
      const button = (event.target as Element | null)?.closest?.('.whac-cell');
      if (!(button instanceof HTMLElement) || !grid.contains(button)) return null;
      const slot = Number(button.dataset.slot);
      return Number.isInteger(slot) ? slot : null;
    };
    const { signal } = this.controller;
    grid.addEventListener(
      'pointerdown',
      (event) => {
        // Act on press, not on click: no 300 ms delay on touch, no double handling.
        if (event.button !== 0 && event.pointerType === 'mouse') return;
        const slot = slotOf(event);
        if (slot === null) return;
        event.preventDefault();
        onWhack(slot);
      },
      { signal },
    );
    grid.addEventListener(
      'click',
      (event) => {
        // Keyboard (Enter/Space) clicks have detail 0; pointer clicks were handled on press.
        const slot = slotOf(event);
        if (slot !== null && event.detail === 0) onWhack(slot);
      },
      { signal },
    );
  }

  /** Writes every cell whose view is not the object it last wrote. */
  show(slots: readonly SlotView[]): void {
    const n = Math.min(slots.length, this.cells.length);
    for (let i = 0; i < n; i++) {
      const cell = this.cells[i]!;
      const slot = slots[i]!;
      if (cell.view !== slot) this.write(cell, slot, i);
    }
  }

  dispose(): void {
    this.controller.abort();
    this.grid.replaceChildren();
  }

  private write(cell: CellElements, slot: SlotView, index: number): void {
    const { button, layer } = cell;
    const state = cellState(slot);
    if (!cell.view || cellState(cell.view) !== state) {
      button.className = `whac-cell whac-cell--${state}`;
      button.dataset.state = state;
    }
    button.setAttribute('aria-label', slotLabel(slot, index));
    const wanted = partsOf(slot);
    for (let p = 0; p < PARTS.length; p++) {
      const name = PARTS[p]!;
      const want = wanted[name];
      const have = cell.parts[name];
      if (have && have.key === want?.key) continue;
      have?.element.remove();
      if (!want) {
        delete cell.parts[name];
        continue;
      }
      const element = layer.ownerDocument.createElement('span');
      element.className = want.className;
      element.setAttribute('aria-hidden', 'true');
      element.textContent = want.text;
      // Stacked below the parts after it that are already there.
      const above = PARTS.slice(p + 1)
        .map((later) => cell.parts[later]?.element)
        .find((e) => e !== undefined);
      layer.insertBefore(element, above ?? null);
      cell.parts[name] = { key: want.key, element };
    }
    cell.view = slot;
  }
}
