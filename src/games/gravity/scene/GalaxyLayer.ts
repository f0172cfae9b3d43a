import { Container, Particle, ParticleContainer, Sprite, type Texture } from 'pixi.js';

/** On-screen size of a star of the Galaxy, in pixels at any zoom. */
const STAR_PX = 2;
/** Star tints: mostly old yellow-white stars, some young blue ones, a few red giants. */
const TINTS = [0xfff4e0, 0xffe7b8, 0xfff4e0, 0xcfdcff, 0xa9c1ff, 0xffd2a1, 0xfff4e0, 0xffb27a];

/** A fixed tint per star index (a hash, so neighbours in the array differ). */
function tintOf(i: number): number {
  const h = Math.imul(i ^ (i >>> 13), 0x5bd1e995) >>> 0;
  return TINTS[(h >>> 7) % TINTS.length];
}

/**
 * The Galaxy mode's drawing: every star one particle of one dot texture in a
 * ParticleContainer (positions uploaded each frame, everything else only when the zoom
 * changes), the core a glow sprite. Positions slide from the previous snapshot to the
 * current one like the small world's bodies; the stars keep their order, so index i is
 * the same star in both.
 */
export class GalaxyLayer {
  readonly root = new Container();
  private stars: ParticleContainer;
  private core: Sprite;
  private count = 0;
  private scaledFor = 0;

  constructor(
    private dot: Texture,
    private dotSize: number,
    glow: Texture,
    private glowSize: number,
  ) {
    this.stars = new ParticleContainer({
      texture: dot,
      dynamicProperties: { position: true, color: false, vertex: false, rotation: false },
    });
    this.stars.blendMode = 'add';
    this.core = new Sprite(glow);
    this.core.anchor.set(0.5);
    this.core.blendMode = 'add';
    this.core.tint = 0xffe2b0;
    this.root.addChild(this.stars, this.core);
  }

  /** Draws `curr` (x, y pairs), slid from `prev` by t in [0, 1]. */
  draw(prev: Float32Array | null, curr: Float32Array, count: number, t: number, zoom: number): void {
    if (count !== this.count) this.resize(count);
    const particles = this.stars.particleChildren as Particle[];
    const from = prev && prev.length === curr.length ? prev : curr;
    const s = 1 - t;
    for (let i = 0; i < count; i++) {
      const p = particles[i];
      p.x = from[i * 2] * s + curr[i * 2] * t;
      p.y = from[i * 2 + 1] * s + curr[i * 2 + 1] * t;
    }
    if (zoom !== this.scaledFor) {
      this.scaledFor = zoom;
      const scale = STAR_PX / zoom / this.dotSize;
      for (let i = 0; i < count; i++) particles[i].scaleX = particles[i].scaleY = scale;
      // Scale is not a dynamic property: one upload of the static data.
      this.stars.update();
      this.core.scale.set(Math.max(240, 40 / zoom) / this.glowSize);
    }
    if (count > 0) this.core.position.set(particles[0].x, particles[0].y);
  }

  private resize(count: number): void {
    const particles = this.stars.particleChildren as Particle[];
    if (particles.length > count) this.stars.removeParticles(count, particles.length);
    for (let i = particles.length; i < count; i++) {
      this.stars.addParticle(
        new Particle({ texture: this.dot, anchorX: 0.5, anchorY: 0.5, tint: tintOf(i), alpha: 0.45 }),
      );
    }
    this.count = count;
    this.scaledFor = 0;
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }
}
