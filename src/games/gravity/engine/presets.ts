import { createRng } from '../../../lib/pure/rng.ts';
import {
  KIND_PLANET,
  KIND_STAR,
  PLANET_TYPE_CUSTOM,
  PLANET_TYPE_DWARF,
  PLANET_TYPE_GAS_GIANT,
  PLANET_TYPE_ICE_GIANT,
  PLANET_TYPE_PLANETESIMAL,
  PLANET_TYPE_ROCKY,
  PLANET_TYPE_SUPER_EARTH,
  PLANET_TYPES,
  STAR_TYPE_A,
  STAR_TYPE_G,
  STAR_TYPE_K,
  STAR_TYPE_M,
  STAR_TYPES,
  temperatureToColor,
} from './bodyTypes.ts';
import { DEFAULT_GRAVITY } from './constants.ts';
import type { BodyInit, GravityWorld } from './world.ts';

/** Settings a scenario carries (share links carry them too). */
export interface ScenarioSettings {
  gravity: number;
  timeSpeed: number;
  starGravity: boolean;
  trails: boolean;
  /** The planets' path trails (their orbits over a longer span, drawn thinner). */
  pathTrails: boolean;
  /** Camera the scenario opens with. */
  zoom: number;
}

export interface Scenario {
  settings: ScenarioSettings;
  bodies: BodyInit[];
}

export interface Preset {
  id: string;
  name: string;
  build(): Scenario;
}

const G = DEFAULT_GRAVITY;

function star(type: number, x: number, y: number, extra: Partial<BodyInit> = {}): BodyInit {
  const t = STAR_TYPES[type];
  return {
    kind: KIND_STAR,
    type,
    x,
    y,
    vx: 0,
    vy: 0,
    mass: t.mass,
    radius: t.radius,
    temperature: t.temperature,
    color: temperatureToColor(t.temperature),
    angularVelocity: t.angularVelocity,
    ...extra,
  };
}

function planet(type: number, x: number, y: number, extra: Partial<BodyInit> = {}): BodyInit {
  const t = PLANET_TYPES[type];
  return {
    kind: KIND_PLANET,
    type,
    x,
    y,
    vx: 0,
    vy: 0,
    mass: t.mass,
    radius: t.radius,
    density: t.density,
    color: t.color,
    ...extra,
  };
}

/**
 * Puts `body` on a circular orbit of radius `r` at `angle` around `centre`, counter-clockwise
 * on screen (y grows downwards), with the centre's velocity added.
 */
function orbit(
  body: BodyInit,
  centre: BodyInit,
  r: number,
  angle: number,
  centralMass = centre.mass,
): BodyInit {
  const v = Math.sqrt((G * centralMass) / r);
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return {
    ...body,
    x: centre.x + r * c,
    y: centre.y + r * s,
    vx: centre.vx + v * s,
    vy: centre.vy - v * c,
  };
}

/** Shifts every velocity so total momentum is zero: the system stays on screen. */
function centreMomentum(bodies: BodyInit[]): BodyInit[] {
  let px = 0;
  let py = 0;
  let m = 0;
  for (const b of bodies) {
    px += b.mass * b.vx;
    py += b.mass * b.vy;
    m += b.mass;
  }
  return bodies.map((b) => ({ ...b, vx: b.vx - px / m, vy: b.vy - py / m }));
}

const settings = (zoom: number, extra: Partial<ScenarioSettings> = {}): ScenarioSettings => ({
  gravity: DEFAULT_GRAVITY,
  timeSpeed: 1,
  starGravity: true,
  trails: true,
  pathTrails: true,
  zoom,
  ...extra,
});

function solarPlanets(sun: BodyInit): BodyInit[] {
  return [
    orbit(planet(PLANET_TYPE_DWARF, 0, 0, { mass: 0.3, radius: 3, color: 0xb5aa9c }), sun, 48, 0.4),
    orbit(planet(PLANET_TYPE_ROCKY, 0, 0, { mass: 0.8, radius: 4.5, color: 0xe3bb76 }), sun, 75, 2.2),
    orbit(planet(PLANET_TYPE_ROCKY, 0, 0), sun, 105, 4.1),
    orbit(planet(PLANET_TYPE_ROCKY, 0, 0, { mass: 0.5, radius: 4, color: 0xd1603d }), sun, 140, 5.5),
    orbit(planet(PLANET_TYPE_GAS_GIANT, 0, 0), sun, 215, 1.1),
    orbit(planet(PLANET_TYPE_GAS_GIANT, 0, 0, { mass: 8, radius: 10, color: 0xe8d29a }), sun, 300, 3.3),
    orbit(planet(PLANET_TYPE_ICE_GIANT, 0, 0, { color: 0x9fe3ea }), sun, 375, 5.0),
    orbit(planet(PLANET_TYPE_ICE_GIANT, 0, 0, { color: 0x4b70dd }), sun, 440, 0.2),
  ];
}

function solarSystem(): Scenario {
  const sun = star(STAR_TYPE_G, 0, 0);
  return { settings: settings(1), bodies: centreMomentum([sun, ...solarPlanets(sun)]) };
}

function hotJupiter(): Scenario {
  const s = star(STAR_TYPE_K, 0, 0);
  return {
    settings: settings(1.6),
    bodies: centreMomentum([
      s,
      orbit(planet(PLANET_TYPE_GAS_GIANT, 0, 0, { color: 0xff9b54 }), s, 42, 0),
      orbit(planet(PLANET_TYPE_SUPER_EARTH, 0, 0), s, 130, 2.4),
      orbit(planet(PLANET_TYPE_ICE_GIANT, 0, 0), s, 210, 4.4),
    ]),
  };
}

/** Two stars on a circular mutual orbit about their centre of mass (at the origin). */
function binaryPair(a: BodyInit, b: BodyInit, separation: number, angle: number): BodyInit[] {
  const m = a.mass + b.mass;
  const vRel = Math.sqrt((G * m) / separation);
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const ra = (separation * b.mass) / m;
  const rb = (separation * a.mass) / m;
  return [
    { ...a, x: -ra * c, y: -ra * s, vx: (-vRel * s * b.mass) / m, vy: (vRel * c * b.mass) / m },
    { ...b, x: rb * c, y: rb * s, vx: (vRel * s * a.mass) / m, vy: (-vRel * c * a.mass) / m },
  ];
}

function binaryStars(): Scenario {
  const pair = binaryPair(star(STAR_TYPE_G, 0, 0, { mass: 800 }), star(STAR_TYPE_K, 0, 0), 110, 0);
  const barycentre = { ...pair[0], x: 0, y: 0, vx: 0, vy: 0 };
  const total = pair[0].mass + pair[1].mass;
  return {
    settings: settings(1),
    bodies: centreMomentum([
      ...pair,
      // Circumbinary planets well outside the ~3.5× separation instability zone.
      orbit(planet(PLANET_TYPE_ROCKY, 0, 0), barycentre, 330, 1, total),
      orbit(planet(PLANET_TYPE_ICE_GIANT, 0, 0), barycentre, 440, 3.8, total),
    ]),
  };
}

/**
 * The figure-eight choreography (Chenciner & Montgomery 2000): three equal stars chasing
 * each other along one figure eight, a stable periodic solution.
 */
function tripleStars(): Scenario {
  const L = 170;
  const m = 500;
  const v = Math.sqrt((G * m) / L);
  const p1 = [0.97000436, -0.24308753];
  const v3 = [-0.93240737, -0.86473146];
  const mk = (type: number, x: number, y: number, vx: number, vy: number) =>
    star(type, x * L, y * L, { mass: m, radius: 13, vx: vx * v, vy: vy * v });
  return {
    settings: settings(1.2),
    bodies: [
      mk(STAR_TYPE_K, p1[0], p1[1], -v3[0] / 2, -v3[1] / 2),
      mk(STAR_TYPE_A, -p1[0], -p1[1], -v3[0] / 2, -v3[1] / 2),
      mk(STAR_TYPE_M, 0, 0, v3[0], v3[1]),
    ].map((b) => ({ ...b, temperature: STAR_TYPES[b.type].temperature })),
  };
}

function solarComet(): Scenario {
  const sun = star(STAR_TYPE_G, 0, 0);
  // Perihelion 45, aphelion 520: vis-viva speed at perihelion.
  const q = 45;
  const Q = 520;
  const a = (q + Q) / 2;
  const vPeri = Math.sqrt(G * sun.mass * (2 / q - 1 / a));
  // Perihelion direction chosen by simulation so the comet misses the planets for 20,000 time units.
  const turn = 4;
  const comet = planet(PLANET_TYPE_CUSTOM, -q * Math.cos(turn), -q * Math.sin(turn), {
    mass: 0.1,
    radius: 2.5,
    color: 0xbdf3ff,
    vx: -vPeri * Math.sin(turn),
    vy: vPeri * Math.cos(turn),
  });
  return {
    settings: settings(0.9),
    bodies: centreMomentum([sun, ...solarPlanets(sun).slice(0, 5), comet]),
  };
}

/**
 * Two planets sharing an orbit, 8 units apart in radius, opposite each other around a star
 * held in place (star gravity off: the restricted three-body problem). The inner one gains
 * on the outer, they meet, trade orbits and turn back, as Janus and Epimetheus do. Tuned by
 * simulation: stable for 40,000 time units, closest approach ~80 (inside the neighbour cutoff).
 */
function horseshoe(): Scenario {
  const s = star(STAR_TYPE_G, 0, 0);
  const r = 100;
  const dr = 8;
  return {
    settings: settings(3, { timeSpeed: 3, starGravity: false }),
    bodies: [
      s,
      orbit(planet(PLANET_TYPE_SUPER_EARTH, 0, 0, { mass: 4 }), s, r - dr / 2, 0),
      orbit(planet(PLANET_TYPE_ROCKY, 0, 0, { mass: 4, color: 0xf7c04f }), s, r + dr / 2, Math.PI),
    ],
  };
}

export const PROTO_DISK_PLANETESIMALS = 1000;

/**
 * A young star in a disk of planetesimals on slightly perturbed circular orbits: neighbours
 * attract, collide and grow. `count` and the inner and outer radius scale together for the
 * benchmark's bigger disks (same surface density).
 */
export function protoDisk(count = PROTO_DISK_PLANETESIMALS, seed = 42): Scenario {
  const rng = createRng(seed);
  const s = star(STAR_TYPE_G, 0, 0, { mass: 1200, radius: 22 });
  const scale = Math.sqrt(count / PROTO_DISK_PLANETESIMALS);
  const inner = 70 * scale;
  const outer = 600 * scale;
  const bodies: BodyInit[] = [s];
  for (let k = 0; k < count; k++) {
    // Uniform in area between inner and outer.
    const r = Math.sqrt(rng.range(inner * inner, outer * outer));
    const angle = rng.range(0, Math.PI * 2);
    const b = orbit(
      planet(PLANET_TYPE_PLANETESIMAL, 0, 0, {
        mass: rng.range(0.1, 0.15),
        radius: rng.range(1, 1.4),
        color: rng.pick([0xa89c8c, 0xc7b299, 0x8d99ae, 0xb08968, 0xd6ccc2]),
      }),
      s,
      r,
      angle,
    );
    const jitter = 0.08 * Math.hypot(b.vx, b.vy);
    b.vx += rng.range(-jitter, jitter);
    b.vy += rng.range(-jitter, jitter);
    bodies.push(b);
  }
  return { settings: settings(0.65, { trails: false, pathTrails: false }), bodies: centreMomentum(bodies) };
}

/** Earth and Moon (planets: their pull works within the neighbour cutoff) and a probe in low orbit. */
function earthMoonProbe(): Scenario {
  const earth = planet(PLANET_TYPE_ROCKY, 0, 0, { mass: 250, radius: 16 });
  const moon = orbit(planet(PLANET_TYPE_DWARF, 0, 0, { mass: 3, radius: 5, color: 0xcfcfd4 }), earth, 95, 0);
  const probe = orbit(
    planet(PLANET_TYPE_CUSTOM, 0, 0, { mass: 0.1, radius: 1.5, color: 0xff5ca8, collides: false }),
    earth,
    34,
    Math.PI,
  );
  // A little faster than circular: an elliptical orbit well inside the Moon's.
  probe.vy *= 1.12;
  return { settings: settings(3), bodies: centreMomentum([earth, moon, probe]) };
}

function sunEarthMoon(): Scenario {
  const sun = star(STAR_TYPE_G, 0, 0);
  const earth = orbit(planet(PLANET_TYPE_ROCKY, 0, 0, { mass: 30, radius: 7 }), sun, 260, 0);
  // Well inside Earth's Hill sphere (~56 units).
  const moon = orbit(
    planet(PLANET_TYPE_DWARF, 0, 0, { mass: 0.4, radius: 2.5, color: 0xd7d7dc }),
    earth,
    18,
    0,
  );
  return { settings: settings(1.4), bodies: centreMomentum([sun, earth, moon]) };
}

export const PRESETS: readonly Preset[] = [
  { id: 'solar-system', name: 'Solar System', build: solarSystem },
  { id: 'hot-jupiter', name: 'Hot Jupiter', build: hotJupiter },
  { id: 'binary-stars', name: 'Binary Stars', build: binaryStars },
  { id: 'triple-stars', name: 'Triple Stars', build: tripleStars },
  { id: 'solar-comet', name: 'Solar + Comet', build: solarComet },
  { id: 'horseshoe', name: 'Co-orbital Horseshoe', build: horseshoe },
  { id: 'proto-disk', name: 'Proto Disk', build: () => protoDisk() },
  { id: 'earth-moon-probe', name: 'Earth–Moon + Probe', build: earthMoonProbe },
  { id: 'sun-earth-moon', name: 'Sun–Earth–Moon', build: sunEarthMoon },
];

export const DEFAULT_PRESET_ID = 'solar-system';

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

/** Replaces the world's bodies and physics settings with a scenario's. */
export function loadScenario(world: GravityWorld, scenario: Scenario): void {
  world.clear();
  world.setSettings({ gravity: scenario.settings.gravity, starGravity: scenario.settings.starGravity });
  for (const b of scenario.bodies) world.addBody(b);
  world.stepCount = 0;
}
