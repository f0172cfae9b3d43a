import { Particle, ParticleContainer, Sprite } from 'pixi.js';
import { STAR_FIELD_MAX, STAR_FIELD_MIN } from '../engine/constants.ts';
import type { Camera } from './camera.ts';
import { type SceneTextures, TEXTURE_SIZE } from './textures.ts';

interface FieldStar {
  x: number;
  y: number;
  base: number;
  phase: number;
  speed: number;
}

/**
 * The sky behind the bodies: a nebula covering the stage and a field of faint stars that
 * twinkle and, when the camera pans, drift a little (a hint of parallax). Its stars are
 * cosmetic, placed at random, and laid out again at each new stage size.
 */
export class StarField {
  readonly nebula: Sprite;
  readonly stars: ParticleContainer;
  private data: FieldStar[] = [];
  private width = 1;
  private height = 1;
  /** The drift last uploaded: positions are written only when the camera moved. */
  private driftX = Number.NaN;
  private driftY = Number.NaN;

  constructor(private readonly textures: SceneTextures) {
    this.nebula = new Sprite(textures.nebula);
    this.stars = new ParticleContainer({
      texture: textures.dot,
      // Positions move only with the camera (twinkle() re-uploads them then); alphas every frame.
      dynamicProperties: { position: false, color: true, vertex: false, rotation: false },
    });
    this.stars.blendMode = 'add';
  }

  /** A star for every 1,200 px² of the stage (within the constants' bounds), the nebula covering it. */
  layout(width: number, height: number): void {
    this.width = width;
    this.height = height;
    const cover = Math.max(width, height);
    this.nebula.width = cover * 1.15;
    this.nebula.height = cover * 1.15;
    this.nebula.position.set((width - this.nebula.width) / 2, (height - this.nebula.height) / 2);
    const count = Math.round(Math.min(STAR_FIELD_MAX, Math.max(STAR_FIELD_MIN, (width * height) / 1200)));
    this.stars.removeParticles(0, this.stars.particleChildren.length);
    this.data = [];
    this.driftX = Number.NaN;
    const tints = [0xffffff, 0xdfe7ff, 0xfff1d8, 0xcfd9ff, 0xffe2c4];
    for (let k = 0; k < count; k++) {
      const big = Math.random() < 0.06;
      const size = (big ? 2.2 : 0.8 + Math.random() * 1.0) / TEXTURE_SIZE.dot;
      const d = {
        x: Math.random() * width,
        y: Math.random() * height,
        base: big ? 0.75 : 0.15 + Math.random() * 0.4,
        phase: Math.random() * Math.PI * 2,
        speed: 0.4 + Math.random() * 1.6,
      };
      this.data.push(d);
      this.stars.addParticle(
        new Particle({
          texture: this.textures.dot,
          x: d.x,
          y: d.y,
          scaleX: size * 1.4,
          scaleY: size * 1.4,
          anchorX: 0.5,
          anchorY: 0.5,
          tint: tints[k % tints.length],
          alpha: d.base,
        }),
      );
    }
  }

  /** The frame at `now` (ms): drifted with the camera and twinkling, both still under reduced motion. */
  twinkle(now: number, camera: Camera, reducedMotion: boolean): void {
    const stars = this.stars.particleChildren as Particle[];
    const time = now / 1000;
    const drift = reducedMotion ? 0 : 0.04 * camera.zoom;
    const px = -camera.x * drift;
    const py = -camera.y * drift;
    const { width, height } = this;
    if (px !== this.driftX || py !== this.driftY) {
      this.driftX = px;
      this.driftY = py;
      for (let k = 0; k < stars.length; k++) {
        const d = this.data[k];
        stars[k].x = (((d.x + px) % width) + width) % width;
        stars[k].y = (((d.y + py) % height) + height) % height;
      }
      this.stars.update();
    }
    if (reducedMotion) return;
    for (let k = 0; k < stars.length; k++) {
      const d = this.data[k];
      stars[k].alpha = d.base * (0.75 + 0.25 * Math.sin(time * d.speed + d.phase));
    }
  }
}
