/**
 * Yardcore's art, drawn once with Pixi Graphics and baked into textures (no image files to
 * fetch): four variants of each ground tile so a lawn does not look tiled, and a sprite
 * for every thing in the yard. Drawn at 32 px per tile, baked at twice that for sharp
 * edges on high-density screens.
 */
import { Graphics, Rectangle, type Texture } from 'pixi.js';
import type { SceneCanvas } from '../../../lib/sceneCanvas.ts';
import type { EntityKind } from '../engine/game.ts';
import { Tile } from '../engine/world.ts';

const T = 32;
export const TILE_VARIANTS = 4;

/** A small seeded LCG for the art's speckles (not the game's randomness). */
function speckles(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function drawTile(g: Graphics, kind: number, variant: number): void {
  const r = speckles(kind * 97 + variant * 13 + 5);
  switch (kind) {
    case Tile.Tall: {
      g.rect(0, 0, T, T).fill(0x3f8f3a);
      for (let i = 0; i < 14; i++) {
        const x = r() * T;
        const y = 6 + r() * (T - 6);
        const h = 5 + r() * 7;
        const lean = (r() - 0.5) * 4;
        g.moveTo(x, y)
          .lineTo(x + lean, y - h)
          .stroke({ width: 1.6, color: r() < 0.5 ? 0x58b04c : 0x2f7a2c, cap: 'round' });
      }
      break;
    }
    case Tile.Cut: {
      g.rect(0, 0, T, T).fill(0x79c25a);
      // Mower stripes: lighter and darker bands, alternating by variant.
      g.rect(0, variant % 2 ? 0 : T / 2, T, T / 2).fill({ color: 0x8fd46b, alpha: 0.55 });
      for (let i = 0; i < 6; i++) g.circle(r() * T, r() * T, 0.8).fill({ color: 0x5a9e44, alpha: 0.8 });
      break;
    }
    case Tile.Path: {
      g.rect(0, 0, T, T).fill(0xb98a55);
      for (let i = 0; i < 7; i++)
        g.circle(r() * T, r() * T, 1 + r() * 1.6).fill({ color: 0x8d6a40, alpha: 0.8 });
      break;
    }
    case Tile.Water: {
      g.rect(0, 0, T, T).fill(0x2f7fc1);
      for (let i = 0; i < 3; i++) {
        const y = 6 + i * 10 + r() * 3;
        const x = r() * 14;
        g.moveTo(x, y)
          .quadraticCurveTo(x + 5, y - 3, x + 10, y)
          .stroke({ width: 1.5, color: 0x9fd3ff, alpha: 0.7, cap: 'round' });
      }
      break;
    }
    case Tile.Tree: {
      g.rect(0, 0, T, T).fill(0x3f8f3a);
      g.ellipse(T / 2 + 2, T / 2 + 6, 12, 6).fill({ color: 0x000000, alpha: 0.25 });
      g.rect(T / 2 - 2.5, T / 2, 5, 10).fill(0x6b4426);
      g.circle(T / 2, T / 2 - 3, 12).fill(0x1f6b2a);
      g.circle(T / 2 - 4, T / 2 - 7, 6).fill({ color: 0x3a9a46, alpha: 0.9 });
      break;
    }
    case Tile.Bush: {
      g.rect(0, 0, T, T).fill(0x3f8f3a);
      g.ellipse(T / 2 + 1, T / 2 + 7, 12, 4).fill({ color: 0x000000, alpha: 0.22 });
      g.circle(T / 2 - 5, T / 2 + 1, 7).fill(0x2b7d35);
      g.circle(T / 2 + 5, T / 2 + 1, 7).fill(0x2b7d35);
      g.circle(T / 2, T / 2 - 4, 8).fill(0x37933f);
      for (let i = 0; i < 3; i++) g.circle(T / 2 - 6 + r() * 12, T / 2 - 6 + r() * 10, 1.5).fill(0xe84a5f);
      break;
    }
    case Tile.Flowers: {
      g.rect(0, 0, T, T).fill(0x3f8f3a);
      const colors = [0xffd23f, 0xff7eb6, 0xffffff, 0xb28dff];
      for (let i = 0; i < 5; i++) {
        const x = 4 + r() * (T - 8);
        const y = 4 + r() * (T - 8);
        g.circle(x, y, 2.4).fill(colors[(i + variant) % colors.length]);
        g.circle(x, y, 0.9).fill(0xffa630);
      }
      break;
    }
  }
}

export const TILE_KINDS = [Tile.Tall, Tile.Cut, Tile.Path, Tile.Water, Tile.Tree, Tile.Bush, Tile.Flowers];

function drawEntity(g: Graphics, kind: EntityKind | 'player' | 'playerMower' | 'shadow'): void {
  switch (kind) {
    case 'shadow':
      g.ellipse(0, 0, 10, 4).fill({ color: 0x000000, alpha: 0.28 });
      break;
    case 'player':
      // Top-down gardener: boots, body, arms, a straw hat.
      g.roundRect(-7, -4, 14, 14, 5).fill(0x2e6fd8);
      g.circle(-8, 2, 3).fill(0xf2c7a5);
      g.circle(8, 2, 3).fill(0xf2c7a5);
      g.circle(0, -6, 6).fill(0xf2c7a5);
      g.ellipse(0, -9, 10, 5).fill(0xe8c35a);
      g.ellipse(0, -10, 5.5, 3.5).fill(0xf5d77a);
      g.rect(-5, -8.5, 10, 1.6).fill(0xd2553f);
      break;
    case 'playerMower':
    case 'mower':
    case 'mowerEmpty':
      g.roundRect(-10, -7, 20, 14, 4).fill(kind === 'mowerEmpty' ? 0x8a8f98 : 0xd83b2e);
      g.roundRect(-7, -4, 14, 8, 3).fill(kind === 'mowerEmpty' ? 0x6f747c : 0xa62a20);
      g.circle(-8, -7, 2.6).fill(0x222222);
      g.circle(8, -7, 2.6).fill(0x222222);
      g.circle(-8, 7, 2.6).fill(0x222222);
      g.circle(8, 7, 2.6).fill(0x222222);
      if (kind !== 'playerMower') g.rect(-1.5, -16, 3, 10).fill(0x444444);
      break;
    case 'fuelCan':
      g.roundRect(-7, -9, 14, 18, 3).fill(0xe23b2e);
      g.rect(-3, -12, 6, 4).fill(0x333333);
      g.rect(-4, -3, 8, 6).fill({ color: 0xffffff, alpha: 0.85 });
      g.rect(-2, -2, 4, 4).fill(0xe23b2e);
      break;
    case 'food':
      // A sandwich.
      g.poly([-9, 6, 9, 6, 0, -9]).fill(0xf0c27b);
      g.poly([-7, 4.5, 7, 4.5, 0, -6.5]).fill(0x7ac74f);
      g.poly([-6, 3.5, 6, 3.5, 0, -4.5]).fill(0xf7e7c4);
      break;
    case 'thrownFood':
      g.circle(0, 0, 6).fill(0xf0c27b);
      g.circle(-1.5, -1.5, 2).fill(0xf7e7c4);
      break;
    case 'feather':
      g.ellipse(0, 0, 3.5, 9).fill(0x2d2d3a);
      g.moveTo(0, -9).lineTo(0, 9).stroke({ width: 1, color: 0xdddddd });
      break;
    case 'crow':
      g.ellipse(0, 2, 7, 9).fill(0x1c1c24);
      g.ellipse(-7, 2, 4, 7).fill(0x2b2b36);
      g.ellipse(7, 2, 4, 7).fill(0x2b2b36);
      g.circle(0, -7, 5).fill(0x1c1c24);
      g.poly([-2, -11, 2, -11, 0, -16]).fill(0xf2a93b);
      g.circle(-2, -8, 1.1).fill(0xffffff);
      g.circle(2, -8, 1.1).fill(0xffffff);
      break;
    case 'raccoon':
      g.ellipse(0, 5, 9, 11).fill(0x7d7f86);
      // Ringed tail.
      for (let i = 0; i < 4; i++) g.circle(0, 15 + i * 3.5, 4).fill(i % 2 ? 0x3b3c40 : 0xa2a4aa);
      g.circle(0, -7, 8).fill(0x8f9198);
      g.rect(-8, -9, 16, 4).fill(0x2a2b2f);
      g.circle(-3.5, -7.5, 1.5).fill(0xffffff);
      g.circle(3.5, -7.5, 1.5).fill(0xffffff);
      g.circle(-6, -14, 3).fill(0x6d6f75);
      g.circle(6, -14, 3).fill(0x6d6f75);
      g.circle(0, -2, 1.6).fill(0x111111);
      break;
    case 'squirrel':
      g.ellipse(0, 10, 6, 10).fill(0xc9632b);
      g.ellipse(0, 2, 6, 8).fill(0xe07a3a);
      g.circle(0, -7, 5.5).fill(0xe07a3a);
      g.circle(-3.5, -12, 2).fill(0xc9632b);
      g.circle(3.5, -12, 2).fill(0xc9632b);
      g.circle(-2, -7.5, 1.1).fill(0x111111);
      g.circle(2, -7.5, 1.1).fill(0x111111);
      break;
  }
}

export interface YardTextures {
  /** tiles[kind][variant] */
  tiles: Texture[][];
  things: Record<EntityKind | 'player' | 'playerMower' | 'shadow', Texture>;
  /** Where each thing's drawing sits in its 48 px box (for the developer menu's auto offsets). */
  bounds: Record<EntityKind | 'player' | 'playerMower' | 'shadow', { x: number; y: number; bottom: number }>;
  dot: Texture;
  destroy(): void;
}

/** Bakes with `canvas` (drawn again after a lost WebGL context). */
export function buildTextures(canvas: SceneCanvas): YardTextures {
  const all: Texture[] = [];
  // Tiles are cropped to their square; things are centred in a 48 px box (anchor 0.5).
  const TILE_FRAME = new Rectangle(0, 0, T, T);
  const THING_FRAME = new Rectangle(-24, -24, 48, 48);
  const DOT_FRAME = new Rectangle(-4, -4, 8, 8);
  let lastBounds = { x: 0, y: 0, bottom: 0 };
  const bake = (draw: (g: Graphics) => void, tile = false, frame?: Rectangle) => {
    const make = () => {
      const g = new Graphics();
      draw(g);
      return g;
    };
    const g = make();
    const b = g.getLocalBounds();
    lastBounds = { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2, bottom: b.maxY };
    g.destroy();
    const texture = canvas.bake(make, {
      resolution: 2,
      antialias: true,
      frame: frame ?? (tile ? TILE_FRAME : THING_FRAME),
    });
    all.push(texture);
    return texture;
  };
  const tiles: Texture[][] = [];
  for (const kind of TILE_KINDS) {
    tiles[kind] = [];
    for (let v = 0; v < TILE_VARIANTS; v++) tiles[kind][v] = bake((g) => drawTile(g, kind, v), true);
  }
  const kinds = [
    'player',
    'playerMower',
    'shadow',
    'fuelCan',
    'crow',
    'food',
    'mower',
    'mowerEmpty',
    'raccoon',
    'squirrel',
    'thrownFood',
    'feather',
  ] as const;
  const things = {} as YardTextures['things'];
  const bounds = {} as YardTextures['bounds'];
  for (const kind of kinds) {
    things[kind] = bake((g) => drawEntity(g, kind));
    bounds[kind] = lastBounds;
  }
  const dot = bake((g) => g.circle(0, 0, 4).fill(0xffffff), false, DOT_FRAME);
  return {
    tiles,
    things,
    bounds,
    dot,
    destroy() {
      for (const t of all) t.destroy(true);
    },
  };
}
