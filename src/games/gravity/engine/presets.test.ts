import { describe, expect, it } from 'vitest';
import { KIND_PLANET, KIND_STAR, PLANET_TYPE_PLANETESIMAL } from './bodyTypes.ts';
import { findPreset, loadScenario, PRESETS } from './presets.ts';
import { GravityWorld } from './world.ts';

const names = [
  'Solar System',
  'Hot Jupiter',
  'Binary Stars',
  'Triple Stars',
  'Solar + Comet',
  'Co-orbital Horseshoe',
  'Proto Disk',
  'Earth–Moon + Probe',
  'Sun–Earth–Moon',
];

function run(id: string, steps: number): { world: GravityWorld; n0: number; maxR: number } {
  const world = new GravityWorld(1);
  loadScenario(world, findPreset(id)!.build());
  const n0 = world.count;
  let maxR = 0;
  for (let s = 0; s < steps; s++) {
    world.step();
    if (s % 100 === 0)
      for (let i = 0; i < world.count; i++) maxR = Math.max(maxR, Math.hypot(world.x[i], world.y[i]));
  }
  return { world, n0, maxR };
}

describe('presets', () => {
  it('are the spec’s nine, in order', () => {
    expect(PRESETS.map((p) => p.name)).toEqual(names);
  });

  it('Proto Disk is one star and 1000 planetesimals', () => {
    const s = findPreset('proto-disk')!.build();
    expect(s.bodies.filter((b) => b.kind === KIND_STAR)).toHaveLength(1);
    expect(
      s.bodies.filter((b) => b.kind === KIND_PLANET && b.type === PLANET_TYPE_PLANETESIMAL),
    ).toHaveLength(1000);
  });

  // The stable systems keep every body and stay in view for 12,000 sub-steps (40 s at speed 1).
  it.each([
    'solar-system',
    'hot-jupiter',
    'binary-stars',
    'triple-stars',
    'solar-comet',
    'horseshoe',
    'earth-moon-probe',
    'sun-earth-moon',
  ])('%s is stable: no merges, nothing escapes', (id) => {
    const { world, n0, maxR } = run(id, 12_000);
    expect(world.count).toBe(n0);
    expect(maxR).toBeLessThan(600);
  });

  it('the horseshoe pair meets, trades orbits and turns back without ever overtaking', () => {
    const world = new GravityWorld(1);
    loadScenario(world, findPreset('horseshoe')!.build());
    const angle = (i: number) => Math.atan2(world.y[i] - world.y[0], world.x[i] - world.x[0]);
    let prev = Math.PI;
    let rel = Math.PI;
    let lo = rel;
    let hi = rel;
    let innerSwaps = 0;
    let innerWas = 1;
    for (let s = 0; s < 60_000; s++) {
      world.step();
      if (s % 20) continue;
      let a = (angle(2) - angle(1)) % (2 * Math.PI);
      if (a < 0) a += 2 * Math.PI;
      let da = a - prev;
      if (da > Math.PI) da -= 2 * Math.PI;
      if (da < -Math.PI) da += 2 * Math.PI;
      rel += da;
      prev = a;
      lo = Math.min(lo, rel);
      hi = Math.max(hi, rel);
      const inner = Math.hypot(world.x[1], world.y[1]) < Math.hypot(world.x[2], world.y[2]) ? 1 : 2;
      if (inner !== innerWas) innerSwaps++;
      innerWas = inner;
    }
    expect(world.count).toBe(3);
    // Relative angle stays strictly between 0 and 360°: they never pass each other...
    expect(lo).toBeGreaterThan(0.3);
    expect(hi).toBeLessThan(2 * Math.PI - 0.3);
    // ...yet they come close (from 180° apart) and swap which one is inside.
    expect(hi - lo).toBeGreaterThan(Math.PI);
    expect(innerSwaps).toBeGreaterThan(0);
  });

  it('Proto Disk grows bodies by merging', () => {
    const { world, n0 } = run('proto-disk', 600);
    expect(world.count).toBeLessThan(n0);
    expect(world.count).toBeGreaterThan(n0 / 2);
  });
});
