/**
 * The ground is a pool of cols × rows tile sprites that wraps round: world tile (x, y) is
 * drawn by sprite (x mod cols, y mod rows). When the window's origin moves, only the
 * tiles that came into view need drawing; the others keep their sprite, place and texture.
 */

/** Index in the pool of the sprite that draws world tile (x, y). */
export function poolSlot(x: number, y: number, cols: number, rows: number): number {
  return (((y % rows) + rows) % rows) * cols + (((x % cols) + cols) % cols);
}

/**
 * Calls `draw` for each tile of the window at (ox, oy) that was not in the window at
 * (oldX, oldY): every tile when `all` (or when there was no window before).
 */
export function tilesEntering(
  oldX: number,
  oldY: number,
  ox: number,
  oy: number,
  cols: number,
  rows: number,
  all: boolean,
  draw: (x: number, y: number) => void,
): void {
  const everything = all || !(Math.abs(ox - oldX) < cols) || !(Math.abs(oy - oldY) < rows);
  for (let y = oy; y < oy + rows; y++) {
    if (everything || y < oldY || y >= oldY + rows) {
      for (let x = ox; x < ox + cols; x++) draw(x, y);
      continue;
    }
    // A row already on screen: only the columns that came into view.
    const from = ox > oldX ? Math.max(ox, oldX + cols) : ox;
    const to = ox > oldX ? ox + cols : Math.min(ox + cols, oldX);
    for (let x = from; x < to; x++) draw(x, y);
  }
}
