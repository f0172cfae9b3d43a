import { CHUNK, TILE_PX } from '../engine/constants.ts';

/**
 * The yard's view, in plain numbers the page and the scene share: the gardener at the
 * centre of a `width` × `height` (CSS px) stage at `zoom`, the chunks of tiles that
 * view needs, and the chunks far enough away to drop. The scene keeps the chunks it is
 * given; the page, which fetches them, tracks the same set with the same rules.
 */
export interface YardView {
  width: number;
  height: number;
  zoom: number;
}

/** Chunks (cx, cy) the view around `player` (tiles) shows, with a margin of two tiles. */
export function chunksInView(player: { x: number; y: number }, view: YardView): [number, number][] {
  const halfW = view.width / 2 / (TILE_PX * view.zoom) + 2;
  const halfH = view.height / 2 / (TILE_PX * view.zoom) + 2;
  const out: [number, number][] = [];
  for (let cy = Math.floor((player.y - halfH) / CHUNK); cy <= Math.floor((player.y + halfH) / CHUNK); cy++)
    for (let cx = Math.floor((player.x - halfW) / CHUNK); cx <= Math.floor((player.x + halfW) / CHUNK); cx++)
      out.push([cx, cy]);
  return out;
}

/** A chunk more than three chunks from the player on either axis is dropped (the worker keeps the truth). */
export function isFarChunk(cx: number, cy: number, player: { x: number; y: number }): boolean {
  return (
    Math.abs((cx + 0.5) * CHUNK - player.x) > CHUNK * 3 || Math.abs((cy + 0.5) * CHUNK - player.y) > CHUNK * 3
  );
}

/** World tiles under a stage point (CSS px) with the gardener at `player` in the middle. */
export function screenToTiles(
  px: number,
  py: number,
  player: { x: number; y: number },
  view: YardView,
): { x: number; y: number } {
  const unit = TILE_PX * view.zoom;
  return { x: player.x + (px - view.width / 2) / unit, y: player.y + (py - view.height / 2) / unit };
}
