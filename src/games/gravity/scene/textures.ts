import { DOMAdapter, Texture } from 'pixi.js';

/**
 * Every texture the scene uses, drawn once on a 2-D canvas at start-up (no image files).
 * They are white/grey so a tint gives each body its colour.
 */
export interface SceneTextures {
  /** Soft radial glow: star halos, merge flashes. */
  glow: Texture;
  /** Star disc: hot white core fading to the rim. */
  starCore: Texture;
  /** Faint rays around a star, turned by its angular velocity. */
  corona: Texture;
  /** Lit sphere: light from the upper left, dark limb. */
  planet: Texture;
  /** Small soft dot: trails and the background star field. */
  dot: Texture;
  /** Thin ring: the selection marker. */
  ring: Texture;
  /** Deep-space nebula wash behind everything. */
  nebula: Texture;
}

export const TEXTURE_SIZE = {
  glow: 128,
  starCore: 128,
  corona: 256,
  planet: 96,
  dot: 16,
  ring: 128,
} as const;

/**
 * The 2-D context of a page canvas or of an OffscreenCanvas (in the render worker); the
 * drawing calls used here are the same on both.
 */
type Context2D = OffscreenCanvasRenderingContext2D;

function canvas(size: number, draw: (g: Context2D, s: number) => void, height = size): Texture {
  // Pixi's adapter makes a page canvas on the page and an OffscreenCanvas in a worker.
  const c = DOMAdapter.get().createCanvas(size, height);
  const g = c.getContext('2d') as unknown as Context2D;
  draw(g, size);
  return Texture.from(c);
}

function radial(g: Context2D, s: number, stops: [number, string][]) {
  const grad = g.createRadialGradient(s / 2, s / 2, 0, s / 2, s / 2, s / 2);
  for (const [at, colour] of stops) grad.addColorStop(at, colour);
  g.fillStyle = grad;
  g.fillRect(0, 0, s, s);
}

export function createSceneTextures(): SceneTextures {
  const glow = canvas(TEXTURE_SIZE.glow, (g, s) =>
    radial(g, s, [
      [0, 'rgba(255,255,255,1)'],
      [0.12, 'rgba(255,255,255,0.75)'],
      [0.3, 'rgba(255,255,255,0.28)'],
      [0.55, 'rgba(255,255,255,0.08)'],
      [1, 'rgba(255,255,255,0)'],
    ]),
  );
  const starCore = canvas(TEXTURE_SIZE.starCore, (g, s) =>
    radial(g, s, [
      [0, 'rgba(255,255,255,1)'],
      [0.55, 'rgba(255,255,255,1)'],
      [0.8, 'rgba(235,235,235,0.95)'],
      [1, 'rgba(200,200,200,0)'],
    ]),
  );
  const corona = canvas(TEXTURE_SIZE.corona, (g, s) => {
    g.translate(s / 2, s / 2);
    const rays = 14;
    for (let k = 0; k < rays; k++) {
      const long = k % 2 === 0 ? 0.5 : 0.34;
      g.rotate((Math.PI * 2) / rays);
      const grad = g.createLinearGradient(0, 0, (s / 2) * long, 0);
      grad.addColorStop(0, 'rgba(255,255,255,0.45)');
      grad.addColorStop(1, 'rgba(255,255,255,0)');
      g.fillStyle = grad;
      g.beginPath();
      g.moveTo(0, -s * 0.035);
      g.lineTo((s / 2) * long, 0);
      g.lineTo(0, s * 0.035);
      g.closePath();
      g.fill();
    }
  });
  const planet = canvas(TEXTURE_SIZE.planet, (g, s) => {
    const r = s / 2 - 1;
    g.save();
    g.beginPath();
    g.arc(s / 2, s / 2, r, 0, Math.PI * 2);
    g.clip();
    // Diffuse light from the upper left, falling to a dark limb.
    const lit = g.createRadialGradient(s * 0.36, s * 0.34, s * 0.02, s * 0.5, s * 0.5, r * 1.05);
    lit.addColorStop(0, 'rgb(255,255,255)');
    lit.addColorStop(0.45, 'rgb(215,215,215)');
    lit.addColorStop(0.85, 'rgb(95,95,95)');
    lit.addColorStop(1, 'rgb(45,45,45)');
    g.fillStyle = lit;
    g.fillRect(0, 0, s, s);
    // Subtle bands so gas giants and rocky worlds are not flat discs.
    g.globalAlpha = 0.08;
    g.fillStyle = '#000';
    for (let y = s * 0.18; y < s; y += s * 0.16) g.fillRect(0, y, s, s * 0.05);
    g.restore();
    // Soft atmosphere rim.
    g.globalAlpha = 1;
    g.strokeStyle = 'rgba(255,255,255,0.25)';
    g.lineWidth = 1.5;
    g.beginPath();
    g.arc(s / 2, s / 2, r - 0.75, Math.PI * 0.9, Math.PI * 1.6);
    g.stroke();
  });
  const dot = canvas(TEXTURE_SIZE.dot, (g, s) =>
    radial(g, s, [
      [0, 'rgba(255,255,255,1)'],
      [0.4, 'rgba(255,255,255,0.8)'],
      [1, 'rgba(255,255,255,0)'],
    ]),
  );
  const ring = canvas(TEXTURE_SIZE.ring, (g, s) => {
    g.strokeStyle = 'rgba(255,255,255,0.95)';
    g.lineWidth = 4;
    g.setLineDash([10, 7]);
    g.beginPath();
    g.arc(s / 2, s / 2, s / 2 - 4, 0, Math.PI * 2);
    g.stroke();
  });
  const nebula = canvas(
    512,
    (g, s) => {
      g.fillStyle = '#04050d';
      g.fillRect(0, 0, s, s);
      const blob = (x: number, y: number, r: number, colour: string) => {
        const grad = g.createRadialGradient(x, y, 0, x, y, r);
        grad.addColorStop(0, colour);
        grad.addColorStop(1, 'rgba(0,0,0,0)');
        g.fillStyle = grad;
        g.fillRect(0, 0, s, s);
      };
      blob(s * 0.22, s * 0.3, s * 0.55, 'rgba(58,34,110,0.55)');
      blob(s * 0.8, s * 0.72, s * 0.5, 'rgba(18,62,110,0.5)');
      blob(s * 0.62, s * 0.2, s * 0.32, 'rgba(110,30,80,0.28)');
      blob(s * 0.35, s * 0.85, s * 0.3, 'rgba(20,90,100,0.22)');
    },
    512,
  );
  return { glow, starCore, corona, planet, dot, ring, nebula };
}
