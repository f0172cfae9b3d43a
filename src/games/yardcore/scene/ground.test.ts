// @vitest-environment jsdom
import { Container, Texture } from 'pixi.js';
import { describe, expect, it } from 'vitest';
import { CHUNK, TILE_PX } from '../engine/constants.ts';
import { Tile } from '../engine/world.ts';
import { type GroundView, YardGround } from './ground.ts';
import { TILE_VARIANTS, type YardTextures } from './textures.ts';

/** One texture per tile kind and variant, each told apart by its label. */
function fakeTextures(): YardTextures {
  const tiles = Object.values(Tile).map((kind) =>
    Array.from({ length: TILE_VARIANTS }, (_, v) => new Texture({ label: `${kind}.${v}` })),
  );
  return { tiles } as unknown as YardTextures;
}

/** A 4 × 3 tile view at zoom 1 (a pool of 6 × 5 sprites: the view and a tile round it). */
const VIEW: GroundView = { width: 4 * TILE_PX, height: 3 * TILE_PX, zoom: 1 };

function setUp() {
  const layer = new Container();
  const ground = new YardGround(layer, fakeTextures());
  ground.fit(VIEW);
  /** The kind drawn at tile (x, y): the sprite placed there, by its texture's label. */
  const kindAt = (x: number, y: number): number | null => {
    const sprite = layer.children.find((s) => s.position.x === x * TILE_PX && s.position.y === y * TILE_PX);
    return sprite ? Number((sprite as unknown as { texture: Texture }).texture.label?.split('.')[0]) : null;
  };
  return { layer, ground, kindAt };
}

/** Chunk (0, 0) with every tile `kind`. */
const chunkOf = (kind: number) => ({ cx: 0, cy: 0, tiles: new Uint8Array(CHUNK * CHUNK).fill(kind) });

describe('YardGround', () => {
  it('covers the view and a tile round it with one sprite per tile', () => {
    const { layer } = setUp();
    expect(layer.children).toHaveLength(6 * 5);
  });

  it("shows tall grass where no chunk is held, and a chunk's tiles once it comes", () => {
    const { ground, kindAt } = setUp();
    ground.follow(10, 10, VIEW);
    expect(kindAt(10, 10)).toBe(Tile.Tall);
    ground.setChunk(chunkOf(Tile.Cut));
    expect(kindAt(10, 10)).toBe(Tile.Cut);
    expect(ground.chunkCount).toBe(1);
  });

  it('draws a changed tile in the window and keeps it in its chunk for when the window comes back', () => {
    const { ground, kindAt } = setUp();
    ground.setChunk(chunkOf(Tile.Tall));
    ground.follow(10, 10, VIEW);
    ground.setTile(10, 10, Tile.Path);
    expect(kindAt(10, 10)).toBe(Tile.Path);
    // Away (the pool's sprites move on) and back: the held tile is drawn again.
    ground.follow(30, 30, VIEW);
    expect(kindAt(10, 10)).toBeNull();
    ground.follow(10, 10, VIEW);
    expect(kindAt(10, 10)).toBe(Tile.Path);
  });

  it('asks for the chunks its view lacks, and forgets far ones', () => {
    const { ground } = setUp();
    const view = { ...VIEW };
    expect(ground.missing({ x: 10, y: 10 }, view)).toEqual([0, 0]);
    ground.setChunk(chunkOf(Tile.Cut));
    expect(ground.missing({ x: 10, y: 10 }, view)).toEqual([]);
    ground.forgetFar({ x: 20 * CHUNK, y: 20 * CHUNK });
    expect(ground.chunkCount).toBe(0);
  });

  it('clear() is another yard: nothing held, every sprite drawn again', () => {
    const { ground, kindAt } = setUp();
    ground.setChunk(chunkOf(Tile.Water));
    ground.follow(10, 10, VIEW);
    expect(kindAt(10, 10)).toBe(Tile.Water);
    ground.clear();
    ground.follow(10, 10, VIEW);
    expect(ground.chunkCount).toBe(0);
    expect(kindAt(10, 10)).toBe(Tile.Tall);
  });

  it('ignores a chunk of the wrong size', () => {
    const { ground } = setUp();
    ground.setChunk({ cx: 0, cy: 0, tiles: new Uint8Array(10) });
    expect(ground.chunkCount).toBe(0);
  });
});
