// @vitest-environment jsdom
import { Texture } from 'pixi.js';
import { describe, expect, it } from 'vitest';
import { SmokeAndFire } from './smokeAndFire.ts';

const GROUND = 10;

function setUp() {
  const particles = new SmokeAndFire(Texture.WHITE, () => GROUND);
  /** Particles on screen after the last step, as drawn by each view. */
  const smoke = () => particles.smokeView.particleChildren;
  const fire = () => particles.fireView.particleChildren;
  return { particles, smoke, fire };
}

describe('SmokeAndFire', () => {
  it('draws fire added to what is behind it (a glow), smoke over it', () => {
    const { particles } = setUp();
    expect(particles.fireView.blendMode).toBe('add');
    expect(particles.smokeView.blendMode).not.toBe('add');
  });

  it('fires 3 flames and a puff of smoke a frame of thrust, fewer flames on a slow device', () => {
    const { particles, smoke, fire } = setUp();
    particles.exhaust(50, 40, 0, 0);
    particles.step(0);
    expect([fire().length, smoke().length]).toEqual([3, 1]);
    particles.clear();
    particles.density = 0.45;
    particles.exhaust(50, 40, 0, 0);
    particles.step(0);
    expect([fire().length, smoke().length]).toEqual([1, 1]);
  });

  it('rolls dust out from under both feet on a landing, and no fire', () => {
    const { particles, smoke, fire } = setUp();
    particles.dust(50, 20);
    particles.step(0);
    expect(fire()).toHaveLength(0);
    expect(smoke()).toHaveLength(46);
    expect(smoke().filter((p) => p.x < 50)).toHaveLength(23);
  });

  it('bursts a fireball, debris and smoke on a crash', () => {
    const { particles, smoke, fire } = setUp();
    particles.explosion(50, 20, 0.2, -0.5);
    particles.step(0);
    expect(fire()).toHaveLength(70 + 26);
    expect(smoke()).toHaveLength(50);
  });

  it('keeps particles that come down on the ground, not under it', () => {
    const { particles, smoke, fire } = setUp();
    // Flames leave 4.6 under the lander at 60 units a second or more: 10 under it in 10 frames.
    particles.exhaust(50, GROUND + 6, 0, -0.5);
    for (let k = 0; k < 10; k++) particles.step(1 / 60);
    const lowest = Math.min(...[...fire(), ...smoke()].map((p) => p.y));
    expect(lowest).toBeGreaterThanOrEqual(GROUND);
    expect(lowest).toBeLessThan(GROUND + 1.5);
  });

  it('is active until the last particle is gone, or at once after clear()', () => {
    const { particles, smoke, fire } = setUp();
    expect(particles.active).toBe(false);
    particles.dust(50, 20);
    particles.step(1);
    expect(particles.active).toBe(true);
    particles.step(2);
    expect(particles.active).toBe(false);
    expect(smoke()).toHaveLength(0);
    particles.explosion(50, 20, 0, 0);
    particles.clear();
    particles.step(0);
    expect(particles.active).toBe(false);
    expect(fire()).toHaveLength(0);
  });
});
