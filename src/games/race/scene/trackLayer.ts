/**
 * What of the race never moves: the lawn, the road and the chequered start line, drawn
 * into one cached texture (antialiased once) that every frame reuses. The cache is drawn
 * again only when something in it or the zoom it is shown at changed.
 */
import { Container, Graphics } from 'pixi.js';
import { START_DASH } from '../engine/constants.ts';
import type { TrackView } from '../engine/snapshot.ts';
import { drawLawn, drawRoad } from './roadside.ts';

/** Largest side (px) of the cached texture. */
export const MAX_CACHE_PX = 4096;
/** The lawn's pattern of light and dark grass: the same on every track. */
const LAWN_SEED = 1;

export class TrackLayer {
  readonly container = new Container();
  private readonly grass = new Graphics();
  private readonly road = new Graphics();
  private readonly startLine = new Graphics();
  private stale = true;
  private cacheResolution = 0;

  constructor() {
    this.container.addChild(this.grass, this.road, this.startLine);
  }

  /** The cache must be drawn again (a resize, a new zoom, a restored WebGL context). */
  invalidate(): void {
    this.stale = true;
  }

  /** The lawn over a world of width × height. */
  drawLawn(width: number, height: number): void {
    this.stale = true;
    drawLawn(this.grass.clear(), width, height, LAWN_SEED);
  }

  /** The finalized track's road and start line, or none. */
  setTrack(track: TrackView | null): void {
    this.stale = true;
    this.road.clear();
    this.startLine.clear();
    if (!track) return;
    drawRoad(this.road, track.cx, track.cy, track.brush, true);
    // A chequered band of START_DASH squares, two rows deep.
    const { ax, ay, bx, by, nx, ny } = track.start;
    const len = Math.hypot(bx - ax, by - ay);
    const ux = (bx - ax) / len;
    const uy = (by - ay) / len;
    const d = START_DASH;
    for (let row = 0; row < 2; row++) {
      for (let k = 0; k * d < len; k++) {
        const x0 = ax + ux * k * d + nx * (row - 1) * d;
        const y0 = ay + uy * k * d + ny * (row - 1) * d;
        const w = Math.min(d, len - k * d);
        const color = (k + row) % 2 === 0 ? 0xffffff : 0x111111;
        this.startLine
          .poly([
            x0,
            y0,
            x0 + ux * w,
            y0 + uy * w,
            x0 + ux * w + nx * d,
            y0 + uy * w + ny * d,
            x0 + nx * d,
            y0 + ny * d,
          ])
          .fill(color);
      }
    }
  }

  /**
   * Draws the cache again if it is stale, at the resolution it is shown at (`shownScale`:
   * the world's zoom × the canvas's resolution), so it is crisp when zoomed in, bounded so
   * the texture stays under MAX_CACHE_PX a side of a world of worldW × worldH.
   */
  refresh(shownScale: number, worldW: number, worldH: number): void {
    if (!this.stale) return;
    this.stale = false;
    const resolution = Math.min(shownScale, MAX_CACHE_PX / Math.max(worldW, worldH, 1));
    if (Math.abs(resolution - this.cacheResolution) > 1e-3) {
      this.cacheResolution = resolution;
      this.container.cacheAsTexture(false);
      this.container.cacheAsTexture({ antialias: true, resolution });
    } else {
      this.container.updateCacheTexture();
    }
  }
}
