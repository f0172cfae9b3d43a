import { type CSSProperties, useLayoutEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { CELL_PX, GAP_PX } from '../engine/constants.ts';
import { GridCells } from './gridCells.ts';
import type { WhacStore } from './store.ts';

/** The grid's border width in px (whac.css), which does not scale. */
export const GRID_BORDER_PX = 1;

/**
 * The grid's outer size at `scale`: its cells and gaps, its padding (0.75 of a gap on each
 * side, whac.css) and its border.
 */
export function gridOuterSize(rows: number, cols: number, scale: number): { width: number; height: number } {
  const side = (n: number) => scale * (n * CELL_PX + (n - 1) * GAP_PX + 1.5 * GAP_PX) + 2 * GRID_BORDER_PX;
  return { width: side(cols), height: side(rows) };
}

/** Scale so a rows × cols grid of 85 px cells with 16 px gaps, padding and border fits the box (never above 1). */
export function gridScale(rows: number, cols: number, width: number, height: number): number {
  const unit = gridOuterSize(rows, cols, 1);
  const border = 2 * GRID_BORDER_PX;
  const s = Math.min(1, (width - border) / (unit.width - border), (height - border) / (unit.height - border));
  return Math.max(0.25, Number.isFinite(s) ? s : 1);
}

/**
 * The playing grid. React renders its box once per grid shape; the holes are `GridCells`,
 * written from the store's `slots` as they change, outside React's render.
 */
export function Grid({ store }: { store: WhacStore }) {
  const rows = useStore(store, (s) => s.rows);
  const cols = useStore(store, (s) => s.cols);
  const boxRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLElement>(null);

  // The holes: made for this shape before its first paint, then kept equal to the store.
  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const cells = new GridCells(grid, rows * cols, (slot) => store.getState().whack(slot));
    cells.show(store.getState().slots);
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.slots !== prev.slots) cells.show(s.slots);
    });
    return () => {
      unsubscribe();
      cells.dispose();
    };
  }, [store, rows, cols]);

  /*
   * The cell size is set on the grid's style by a ResizeObserver, not through React state:
   * its first observation arrives after the frame's layout and before its paint, so the grid
   * never shows at a wrong size, and nothing forces a layout in the middle of the round's
   * render. Measuring in a layout effect and re-rendering with the scale was a forced layout
   * and a second commit: 27 ms of a 88 ms task at 4× CPU when a round began.
   * A new observer per grid shape: its first observation sizes the new grid. A layout effect,
   * so the observer exists before the frame that first shows the grid, whatever lane rendered it.
   */
  useLayoutEffect(() => {
    const box = boxRef.current;
    const grid = gridRef.current;
    if (!box || !grid) return;
    const measure = () => {
      const rect = box.getBoundingClientRect();
      // Leave room below the grid on short screens; the grid never scrolls off.
      const height = Math.max(200, window.innerHeight - rect.top - 16);
      const scale = gridScale(rows, cols, rect.width, height);
      grid.style.setProperty('--cell', `${CELL_PX * scale}px`);
      grid.style.setProperty('--gap', `${GAP_PX * scale}px`);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [rows, cols]);

  const style = { '--cols': cols, '--rows': rows } as CSSProperties;

  return (
    <div className="whac-grid-box" ref={boxRef}>
      <section ref={gridRef} className="whac-grid" style={style} aria-label={`${rows} by ${cols} grid`} />
    </div>
  );
}
