/**
 * Lunar Lander's artwork, built once: the lander, its flame and side jets (Graphics in the
 * lander's own units), the night sky's wash and the soft particle dot (textures drawn on an
 * OffscreenCanvas: no DOM, in the render worker too).
 */
import { Graphics, Texture } from 'pixi.js';
import { FOOT_DROP, FOOT_SPAN_HALF } from '../engine/index.ts';

/** The moonscape's fill, light at the top to dark below, and its rim. */
export const MOON_LIGHT = 0x8a84a8;
export const MOON_DARK = 0x1c1828;
export const RIM = 0xd8d2f0;

/** The soft dot's radius (px of its texture): a particle of size 32 is drawn at scale 1. */
export const DOT_RADIUS = 32;
/** Soft round particle texture from a radial gradient on a small canvas (an OffscreenCanvas: no DOM, in a worker too). */
export function softDotTexture(): Texture {
  const size = DOT_RADIUS * 2;
  const canvas = new OffscreenCanvas(size, size);
  const ctx = canvas.getContext('2d')!;
  const g = ctx.createRadialGradient(size / 2, size / 2, 0, size / 2, size / 2, size / 2);
  g.addColorStop(0, 'rgba(255,255,255,1)');
  g.addColorStop(0.35, 'rgba(255,255,255,0.75)');
  g.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, size, size);
  return Texture.from(canvas);
}

/** The sky's base colour: the canvas clears to it (opaque, so nothing under it is composited). */
export const SKY_BASE = 0x05030d;

/**
 * The night sky's wash (what the stage's CSS background shows before the scene starts),
 * drawn once into a small texture that is stretched over the screen: every stop is in
 * fractions of the box, so stretching keeps the look at any size. Drawing it in Pixi
 * lets the canvas be opaque instead of blending over a CSS gradient every frame.
 */
export function skyTexture(): Texture {
  const size = 256;
  const canvas = new OffscreenCanvas(size, size);
  const ctx = canvas.getContext('2d')!;
  const linear = ctx.createLinearGradient(0, 0, 0, size);
  linear.addColorStop(0, '#05030d');
  linear.addColorStop(0.6, '#120a26');
  linear.addColorStop(1, '#1d1235');
  ctx.fillStyle = linear;
  ctx.fillRect(0, 0, size, size);
  // Elliptical glows: a unit radial gradient under a scale (radii in fractions of the box).
  const glow = (cx: number, cy: number, rx: number, ry: number, rgb: string, alpha: number) => {
    ctx.save();
    ctx.setTransform(rx * size, 0, 0, ry * size, cx * size, cy * size);
    const g = ctx.createRadialGradient(0, 0, 0, 0, 0, 1);
    g.addColorStop(0, `rgba(${rgb},${alpha})`);
    g.addColorStop(0.7, `rgba(${rgb},0)`);
    ctx.fillStyle = g;
    ctx.fillRect(-cx / rx, -cy / ry, 1 / rx, 1 / ry);
    ctx.restore();
  };
  glow(0.15, 0.3, 0.6, 0.5, '200,80,160', 0.12);
  glow(0.7, 0.1, 0.8, 0.6, '90,70,180', 0.28);
  return Texture.from(canvas);
}

/** The lander in its own units (y up, centre at 0,0, feet at ±4, −6). Built once. */
export function buildLanderBody(): Graphics {
  const g = new Graphics();
  // Legs behind the body.
  for (const s of [-1, 1]) {
    g.moveTo(s * 2.6, -1.2)
      .lineTo(s * FOOT_SPAN_HALF, -FOOT_DROP + 0.5)
      .stroke({ width: 0.55, color: 0xb8bfcc });
    g.moveTo(s * 1.6, -2.8)
      .lineTo(s * (FOOT_SPAN_HALF - 0.4), -FOOT_DROP + 1.2)
      .stroke({ width: 0.4, color: 0x8b93a3 });
    g.roundRect(s * FOOT_SPAN_HALF - 1, -FOOT_DROP, 2, 0.55, 0.2).fill(0xd4d8e0);
  }
  // Nozzle.
  g.poly([-0.8, -2.6, 0.8, -2.6, 1.35, -4, -1.35, -4]).fill(0x515a6b);
  g.poly([-1.35, -4, 1.35, -4, 1.2, -4.3, -1.2, -4.3]).fill(0x2d3340);
  // Descent stage: gold foil with a darker band.
  g.poly([-3.3, -0.6, -2.8, -2.9, 2.8, -2.9, 3.3, -0.6, 3.3, 0.9, -3.3, 0.9]).fill(0xe0a526);
  g.rect(-3.3, -1.5, 6.6, 0.7).fill(0xa8740e);
  g.rect(-1.1, -2.4, 2.2, 2.4).fill({ color: 0xffe08a, alpha: 0.35 });
  // RCS quads on the sides.
  for (const s of [-1, 1]) g.rect(s > 0 ? 3.3 : -4, 1.4, 0.7, 0.9).fill(0x9aa3b5);
  // Ascent stage (cabin).
  g.poly([-2.7, 0.9, 2.7, 0.9, 2.3, 4.2, 1.3, 5.6, -1.3, 5.6, -2.3, 4.2]).fill(0xe4e7ee);
  g.poly([-2.7, 0.9, -0.2, 0.9, -0.6, 5.6, -1.3, 5.6, -2.3, 4.2]).fill({ color: 0xb9c0cf, alpha: 0.7 });
  // Window with a glint.
  g.poly([-1.5, 2.6, 0.4, 2.6, 0.2, 4.3, -1.1, 4.3]).fill(0x1e2a5a);
  g.poly([-1.2, 3.6, -0.6, 4.1, -0.9, 4.1]).fill({ color: 0x9ec5ff, alpha: 0.9 });
  // Antenna and dish.
  g.moveTo(1.4, 5.4).lineTo(2.2, 7).stroke({ width: 0.3, color: 0xcfd5e0 });
  g.circle(2.3, 7.1, 0.55).fill(0xf2f4f8);
  return g;
}

/** Flame shape pointing down from the nozzle; scaled per frame for flicker. */
export function buildFlame(): Graphics {
  const g = new Graphics();
  g.poly([-1.3, 0, 1.3, 0, 0.6, -3, 0, -8, -0.6, -3]).fill({ color: 0xff6a1a, alpha: 0.85 });
  g.poly([-0.8, 0, 0.8, 0, 0.3, -2.6, 0, -5, -0.3, -2.6]).fill({ color: 0xffd76a, alpha: 0.95 });
  g.poly([-0.4, 0, 0.4, 0, 0, -2.4]).fill(0xffffff);
  return g;
}

/** A side thruster's puff, pointing along +x; mirrored for the other side. */
export function buildSideJet(): Graphics {
  const g = new Graphics();
  g.poly([0, -0.45, 0, 0.45, 2.6, 0]).fill({ color: 0xcfe6ff, alpha: 0.85 });
  g.poly([0, -0.2, 0, 0.2, 1.3, 0]).fill(0xffffff);
  return g;
}
