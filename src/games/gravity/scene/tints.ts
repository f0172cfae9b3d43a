/** Colour arithmetic for Gravity's sprites and particles: 0xRRGGBB in, packed numbers out. Pure. */

/** Lighter tint of a colour (towards white), for trails of bright bodies. */
export function mixWhite(color: number, amount: number): number {
  const r = (color >> 16) & 255;
  const g = (color >> 8) & 255;
  const b = color & 255;
  const m = (c: number) => Math.round(c + (255 - c) * amount);
  return (m(r) << 16) | (m(g) << 8) | m(b);
}

/**
 * A particle's packed colour (what its `tint` and `alpha` setters store): BGR with the
 * alpha byte on top. Trail dots are thousands a frame: writing it directly skips the
 * setters' colour parsing (Color.setValue) for each dot.
 */
export function particleColor(bgr: number, alpha: number): number {
  return bgr + (((Math.min(Math.max(alpha, 0), 1) * 255) | 0) << 24);
}

export const rgbToBgr = (rgb: number): number => ((rgb & 255) << 16) | (rgb & 0xff00) | ((rgb >> 16) & 255);

/**
 * Star colours from black-body temperature are pale; their glow reads better with the hue
 * pushed further from white (a G star glows gold, an M star ember-red).
 */
export function saturate(color: number, amount: number): number {
  const r = (color >> 16) & 255;
  const g = (color >> 8) & 255;
  const b = color & 255;
  const grey = (r + g + b) / 3;
  const s = (c: number) => Math.round(Math.min(255, Math.max(0, grey + (c - grey) * amount)));
  return (s(r) << 16) | (s(g) << 8) | s(b);
}
