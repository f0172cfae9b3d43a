import { type CSSProperties, memo, useLayoutEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { CELL_PX, GAP_PX } from '../engine/constants.ts';
import type { SlotView, WhacStore } from './store.ts';

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

function slotLabel(slot: SlotView, index: number): string {
  const n = `Hole ${index + 1}`;
  if (slot.emoji === null) return `${n}: empty`;
  if (slot.isHit) return `${n}: whacked ${slot.emoji} (+${slot.points})`;
  return `${n}: ${slot.emoji}, countdown ${slot.countdown}`;
}

interface CellProps {
  slot: SlotView;
  index: number;
  onWhack(index: number): void;
}

const Cell = memo(function Cell({ slot, index, onWhack }: CellProps) {
  const state = slot.emoji === null ? 'empty' : slot.isHit ? 'hit' : 'up';
  return (
    <button
      type="button"
      className={`whac-cell whac-cell--${state}`}
      data-state={state}
      data-slot={index}
      aria-label={slotLabel(slot, index)}
      onPointerDown={(e) => {
        // Act on press, not on click: no 300 ms delay on touch, no double handling.
        if (e.button !== 0 && e.pointerType === 'mouse') return;
        e.preventDefault();
        onWhack(index);
      }}
      onClick={(e) => {
        // Keyboard (Enter/Space) clicks have detail 0; pointer clicks were handled on press.
        if (e.detail === 0) onWhack(index);
      }}
    >
      <span className="whac-cell__hole" aria-hidden="true" />
      {slot.emoji !== null && (
        <span key={slot.serial} className="whac-cell__emoji" aria-hidden="true">
          {slot.emoji}
        </span>
      )}
      {state === 'up' && (
        <span
          key={`c${slot.serial}-${slot.countdown}`}
          className={`whac-cell__countdown whac-cell__countdown--${slot.countdown}`}
          aria-hidden="true"
        >
          {slot.countdown}
        </span>
      )}
      {state === 'hit' && (
        <span key={`p${slot.serial}`} className="whac-cell__pop" aria-hidden="true">
          +{slot.points}
        </span>
      )}
      {slot.cross && (
        <span key={`x${slot.serial}`} className="whac-cell__cross" aria-hidden="true">
          ✕
        </span>
      )}
    </button>
  );
});

/** The playing grid: a DOM grid that re-renders only when the engine's grid changes. */
export function Grid({ store }: { store: WhacStore }) {
  const rows = useStore(store, (s) => s.rows);
  const cols = useStore(store, (s) => s.cols);
  const slots = useStore(store, (s) => s.slots);
  const whack = useStore(store, (s) => s.whack);
  const boxRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLElement>(null);

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
      <section ref={gridRef} className="whac-grid" style={style} aria-label={`${rows} by ${cols} grid`}>
        {slots.map((slot, i) => (
          <Cell key={i} slot={slot} index={i} onWhack={whack} />
        ))}
      </section>
    </div>
  );
}
