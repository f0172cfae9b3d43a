// @vitest-environment jsdom
import type { ParticleContainer } from 'pixi.js';
import { describe, expect, it, vi } from 'vitest';
import { blankKeeper, blankTextures, dieSprite } from './dice.testutil.ts';
import type { DieSprite } from './dieSprite.ts';
import { CritEffects } from './effects.ts';

vi.mock('./FaceLabel.ts', async () => ({
  FaceLabel: (await import('./textFaceLabel.testutil.ts')).TextFaceLabel,
}));

const WIDTH = 800;
const HEIGHT = 600;

/** A table with a d20 lying at (200, 300) and a d6 at (500, 300). */
function setUp(reducedMotion = false) {
  const textures = blankTextures();
  const d20 = dieSprite('d20', textures, 200, 300);
  const d6 = dieSprite('d6', textures, 500, 300);
  const dice = new Map<string, DieSprite>([
    [d20.id, d20],
    [d6.id, d6],
  ]);
  const effects = new CritEffects(blankKeeper, dice, reducedMotion);
  /** Sparks on screen: the particle layer's after the last frame drawn. */
  const sparks = () => (effects.layer.children[0] as ParticleContainer).particleChildren.length;
  return { d20, d6, effects, sparks };
}

describe('CritEffects', () => {
  it("glows a natural 20 with a pulse, in a burst of gold around it; the other die doesn't", () => {
    const { d20, d6, effects, sparks } = setUp();
    effects.celebrate('success', [d20.id]);
    effects.draw(1000, 16, WIDTH, HEIGHT);
    expect(sparks()).toBe(40);
    expect(d20.glow.visible).toBe(true);
    expect(d20.glow.alpha).toBeCloseTo(0.6);
    effects.draw(1000 + 180 * (Math.PI / 2), 16, WIDTH, HEIGHT);
    expect(d20.glow.alpha).toBeCloseTo(1);
    expect(d6.glow.visible).toBe(false);
    expect(effects.busy).toBe(true);
  });

  it('rains on a natural 1 while the losing d20 falls off the bottom of the table', () => {
    const { d20, d6, effects, sparks } = setUp();
    effects.celebrate('fail', [d20.id]);
    effects.draw(1000, 16, WIDTH, HEIGHT);
    expect(sparks()).toBe(3);
    expect(d20.root.position).toMatchObject({ x: 200, y: 300 });
    effects.draw(1000 + 1400, 16, WIDTH, HEIGHT);
    expect(d20.root.position.x).toBeCloseTo(200 + 60 * 0.8);
    expect(d20.root.position.y).toBeCloseTo(HEIGHT + 60);
    expect(d20.root.scale.x).toBeCloseTo(0.55);
    expect(d20.root.alpha).toBeCloseTo(0.4);
    expect(d20.face.rotation).toBe(d20.body.rotation);
    expect(d6.root.alpha).toBe(1);
  });

  it('with reduced motion holds the glow still, and bursts, rains or drops nothing', () => {
    const { d20, d6, effects, sparks } = setUp(true);
    effects.celebrate('success', [d6.id]);
    effects.draw(1000, 16, WIDTH, HEIGHT);
    effects.draw(1300, 16, WIDTH, HEIGHT);
    expect(d6.glow.alpha).toBe(1);
    expect(sparks()).toBe(0);
    effects.celebrate('fail', [d20.id]);
    for (const now of [3000, 4400]) effects.draw(now, 16, WIDTH, HEIGHT);
    expect(d20.root.alpha).toBe(1);
    expect(sparks()).toBe(0);
    expect(effects.busy).toBe(true);
  });

  it('sets off a firework on a double 20 at once and another every 1200 ms', () => {
    const { effects, sparks } = setUp();
    effects.celebrate('double-twenty', []);
    effects.draw(1000, 0, WIDTH, HEIGHT);
    const first = sparks();
    expect(first).toBeGreaterThanOrEqual(60);
    effects.draw(2199, 0, WIDTH, HEIGHT);
    expect(sparks()).toBe(first);
    effects.draw(2200, 0, WIDTH, HEIGHT);
    expect(sparks()).toBeGreaterThan(first + 59);
  });

  it("clear() ends the effect and its sparks and undoes what it did to the dice's look", () => {
    const { d20, effects, sparks } = setUp();
    effects.celebrate('fail', [d20.id]);
    effects.draw(1000, 16, WIDTH, HEIGHT);
    effects.draw(2000, 16, WIDTH, HEIGHT);
    d20.glow.alpha = 0.7;
    effects.clear();
    effects.draw(2100, 16, WIDTH, HEIGHT);
    expect(sparks()).toBe(0);
    expect(effects.busy).toBe(false);
    expect(d20.root.alpha).toBe(1);
    expect(d20.root.scale).toMatchObject({ x: 1, y: 1 });
    expect(d20.glow.alpha).toBe(1);
  });
});
