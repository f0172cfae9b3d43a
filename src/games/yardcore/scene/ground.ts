/**
 * The lawn under the yard: the chunks of tiles the scene holds (the host keeps the truth
 * and sends the chunks the view asks for) and the pool of ground sprites that covers the
 * view. A sprite is re-textured only when the camera brings its tile into the window or
 * its tile changes (groundWindow.ts: the pool wraps round), never per frame.
 */
import { type Container, Sprite } from 'pixi.js';
import { CHUNK, TILE_PX } from '../engine/constants.ts';
import type { YardChunk } from '../engine/snapshot.ts';
import { chunkKey, hash3, Tile } from '../engine/world.ts';
import { poolSlot, tilesEntering } from './groundWindow.ts';
import { TILE_VARIANTS, type YardTextures } from './textures.ts';
import { chunksInView, isFarChunk } from './view.ts';

const T = TILE_PX;

/** What the camera shows: the stage's size (CSS px) and the zoom (screen px per world px). */
export interface GroundView {
  width: number;
  height: number;
  zoom: number;
}

export class YardGround {
  private readonly chunks = new Map<string, Uint8Array>();
  private pool: Sprite[] = [];
  private cols = 0;
  private rows = 0;
  /** The tile in the pool window's top left corner. */
  private originX = Number.NaN;
  private originY = Number.NaN;
  /** Every sprite of the pool is to be drawn again (a new pool, a new yard). */
  private dirty = true;

  constructor(
    private readonly layer: Container,
    private readonly textures: YardTextures,
  ) {}

  /** How many chunks the scene holds (the developer overlay's readout). */
  get chunkCount(): number {
    return this.chunks.size;
  }

  /** Re-makes the pool when the tiles the view needs change in number (a resize, the zoom). */
  fit(view: GroundView): void {
    const cols = Math.ceil(view.width / (T * view.zoom)) + 2;
    const rows = Math.ceil(view.height / (T * view.zoom)) + 2;
    if (cols !== this.cols || rows !== this.rows) {
      for (const s of this.pool) s.destroy();
      this.pool = [];
      for (let j = 0; j < rows; j++)
        for (let i = 0; i < cols; i++) {
          const s = new Sprite(this.textures.tiles[Tile.Tall][0]);
          s.width = T;
          s.height = T;
          this.layer.addChild(s);
          this.pool.push(s);
        }
      this.cols = cols;
      this.rows = rows;
    }
    this.dirty = true;
  }

  /** A chunk from the host: held, and its tiles in the window drawn (they showed tall grass). */
  setChunk({ cx, cy, tiles }: YardChunk): void {
    if (tiles.length !== CHUNK * CHUNK) return;
    this.chunks.set(chunkKey(cx, cy), tiles);
    const x0 = Math.max(cx * CHUNK, this.originX);
    const y0 = Math.max(cy * CHUNK, this.originY);
    const x1 = Math.min((cx + 1) * CHUNK, this.originX + this.cols);
    const y1 = Math.min((cy + 1) * CHUNK, this.originY + this.rows);
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) this.drawTile(x, y, tiles[(y - cy * CHUNK) * CHUNK + (x - cx * CHUNK)]);
  }

  /** A tile the engine changed (mowed, dug): kept in its chunk and drawn if in the window. */
  setTile(x: number, y: number, kind: number): void {
    const cx = Math.floor(x / CHUNK);
    const cy = Math.floor(y / CHUNK);
    const tiles = this.chunks.get(chunkKey(cx, cy));
    if (tiles) tiles[(y - cy * CHUNK) * CHUNK + (x - cx * CHUNK)] = kind;
    if (this.inWindow(x, y)) this.drawTile(x, y, kind);
  }

  /** Drops chunks far from the player (the host sends them again when they are needed). */
  forgetFar(p: { x: number; y: number }): void {
    for (const key of this.chunks.keys()) {
      const [cx, cy] = key.split(',').map(Number);
      if (isFarChunk(cx, cy, p)) this.chunks.delete(key);
    }
  }

  /** The chunks the view around `p` shows that are not held, as cx, cy pairs. */
  missing(p: { x: number; y: number }, view: GroundView): number[] {
    const missing: number[] = [];
    for (const [cx, cy] of chunksInView(p, view))
      if (!this.chunks.has(chunkKey(cx, cy))) missing.push(cx, cy);
    return missing;
  }

  /** Another yard: no chunks held, every sprite drawn again. */
  clear(): void {
    this.chunks.clear();
    this.dirty = true;
  }

  /** Moves the window under the camera (centred on tile point px, py) and draws the tiles it brings in. */
  follow(px: number, py: number, view: GroundView): void {
    const ox = Math.floor(px - view.width / 2 / (T * view.zoom)) - 1;
    const oy = Math.floor(py - view.height / 2 / (T * view.zoom)) - 1;
    if (ox === this.originX && oy === this.originY && !this.dirty) return;
    const oldX = this.originX;
    const oldY = this.originY;
    this.originX = ox;
    this.originY = oy;
    tilesEntering(oldX, oldY, ox, oy, this.cols, this.rows, this.dirty, this.drawHeldTile);
    this.dirty = false;
  }

  private inWindow(x: number, y: number): boolean {
    return (
      x >= this.originX && y >= this.originY && x < this.originX + this.cols && y < this.originY + this.rows
    );
  }

  private drawTile(x: number, y: number, kind: number): void {
    const sprite = this.pool[poolSlot(x, y, this.cols, this.rows)];
    sprite.position.set(x * T, y * T);
    sprite.texture = this.textures.tiles[kind][hash3(7, x, y) % TILE_VARIANTS];
  }

  /** A tile not yet held shows tall grass until its chunk comes. */
  private readonly drawHeldTile = (x: number, y: number): void => {
    const cx = Math.floor(x / CHUNK);
    const cy = Math.floor(y / CHUNK);
    const tiles = this.chunks.get(chunkKey(cx, cy));
    this.drawTile(x, y, tiles ? tiles[(y - cy * CHUNK) * CHUNK + (x - cx * CHUNK)] : Tile.Tall);
  };
}
