import { Particle, ParticleContainer, type Texture } from 'pixi.js';
import type { ParticleLook, ParticlePool } from './pure/particles.ts';

export { ParticlePool, type ParticleSpawn } from './pure/particles.ts';

export interface ParticleLayerOptions {
  /** The texture's radius in the pool's size units: a particle of size `radius` is drawn at scale 1. */
  radius: number;
  blendMode?: 'normal' | 'add';
}

/** A pool on screen: one `ParticleContainer` whose particles follow the pool's living ones. */
export class ParticleLayer {
  readonly container: ParticleContainer;
  private readonly particles: Particle[] = [];
  private readonly radius: number;
  private readonly look: ParticleLook = { x: 0, y: 0, scaleX: 1, scaleY: 1, tint: 0xffffff, alpha: 1 };
  private shownVersion = -1;

  constructor(
    private readonly pool: ParticlePool,
    texture: Texture,
    options: ParticleLayerOptions,
  ) {
    this.radius = options.radius;
    this.container = new ParticleContainer({
      texture,
      dynamicProperties: { position: true, vertex: true, color: true, rotation: false, uvs: false },
    });
    if (options.blendMode) this.container.blendMode = options.blendMode;
    for (let i = 0; i < pool.capacity; i++) {
      this.particles.push(new Particle({ texture, anchorX: 0.5, anchorY: 0.5 }));
    }
  }

  /** Copies the pool into the container (call once per frame drawn, after `pool.step`). */
  sync(): void {
    const pool = this.pool;
    const children = this.container.particleChildren;
    const rebuild = pool.version !== this.shownVersion;
    if (rebuild) children.length = 0;
    const look = this.look;
    for (let i = 0; i < pool.capacity; i++) {
      if (!pool.isAlive(i)) continue;
      const particle = this.particles[i];
      pool.look(i, this.radius, look);
      particle.x = look.x;
      particle.y = look.y;
      particle.scaleX = look.scaleX;
      particle.scaleY = look.scaleY;
      particle.tint = look.tint;
      particle.alpha = look.alpha;
      if (rebuild) children.push(particle);
    }
    if (rebuild) {
      this.shownVersion = pool.version;
      this.container.update();
    }
  }

  destroy(): void {
    this.container.destroy();
  }
}
