/**
 * Where the crit banner goes so the die it celebrates stays in sight: in the taller free band
 * of the arena, above every celebrated die or below them, centred in that band. Pure: the
 * overlay measures itself and the banner, and places the banner at the answer.
 */

export interface SpotBox {
  /** Centre, in the arena's CSS pixels. */
  x: number;
  y: number;
  size: number;
}

/** A die's glow reaches past its body: keep this much of its size clear around its centre. */
export const SPOT_REACH = 0.62;
const MARGIN = 8;

/** The tallest free band between the celebrated dice (above the first, between two, below the last). */
export function freeBand(arenaHeight: number, spots: readonly SpotBox[]): { from: number; to: number } {
  if (spots.length === 0) return { from: 0, to: arenaHeight };
  const taken = spots
    .map((s) => [s.y - s.size * SPOT_REACH, s.y + s.size * SPOT_REACH] as const)
    .sort((a, b) => a[0] - b[0]);
  let best = { from: 0, to: 0 };
  let from = 0;
  for (const [start, end] of taken) {
    if (start - from > best.to - best.from) best = { from, to: start };
    from = Math.max(from, end);
  }
  if (arenaHeight - from > best.to - best.from) best = { from, to: arenaHeight };
  return best;
}

/**
 * The banner's top edge (CSS px from the arena's top): centred in the free band, no nearer a
 * die than a small margin when the band has room for that; centred in the arena with no dice.
 */
export function bannerTop(arenaHeight: number, bannerHeight: number, spots: readonly SpotBox[]): number {
  const clamp = (top: number) => Math.max(0, Math.min(arenaHeight - bannerHeight, top));
  const best = freeBand(arenaHeight, spots);
  const room = best.to - best.from;
  let top = best.from + (room - bannerHeight) / 2;
  if (spots.length > 0 && room >= bannerHeight + 2 * MARGIN) {
    if (best.from > 0) top = Math.max(top, best.from + MARGIN);
    if (best.to < arenaHeight) top = Math.min(top, best.to - MARGIN - bannerHeight);
  }
  return clamp(top);
}

/** Whether a banner this tall fits the free band (else the overlay shows its compact form). */
export function bannerFits(arenaHeight: number, bannerHeight: number, spots: readonly SpotBox[]): boolean {
  const best = freeBand(arenaHeight, spots);
  return best.to - best.from >= bannerHeight;
}
