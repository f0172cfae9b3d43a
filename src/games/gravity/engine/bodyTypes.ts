/**
 * Star and planet types with their defaults (spec §3). Changing a body's type resets mass,
 * radius, colour and density (planets) or temperature (stars) to these values.
 * The numbers are our choice (the spec is silent); they are sized for the default
 * gravity strength 0.1 so a G-type star holds a planet at 100 units on a ~10 s orbit.
 */
export const KIND_PLANET = 0;
export const KIND_STAR = 1;
export type BodyKind = typeof KIND_PLANET | typeof KIND_STAR;

export interface StarType {
  name: string;
  mass: number;
  radius: number;
  temperature: number;
  angularVelocity: number;
}

export interface PlanetType {
  name: string;
  mass: number;
  radius: number;
  density: number;
  color: number;
}

export const STAR_TYPES: readonly StarType[] = [
  { name: 'G-Type (Sun-like)', mass: 1000, radius: 20, temperature: 5800, angularVelocity: 0.02 },
  { name: 'M-Type (Red Dwarf)', mass: 300, radius: 12, temperature: 3200, angularVelocity: 0.04 },
  { name: 'O-Type (Blue Giant)', mass: 4000, radius: 36, temperature: 35000, angularVelocity: 0.01 },
  { name: 'K-Type (Orange Dwarf)', mass: 700, radius: 16, temperature: 4500, angularVelocity: 0.03 },
  { name: 'A-Type (White Star)', mass: 1800, radius: 25, temperature: 8500, angularVelocity: 0.015 },
  { name: 'Custom', mass: 1000, radius: 20, temperature: 6000, angularVelocity: 0.02 },
];

export const PLANET_TYPES: readonly PlanetType[] = [
  { name: 'Rocky (Earth-like)', mass: 1, radius: 5, density: 5.5, color: 0x4f8ff7 },
  { name: 'Gas Giant (Jupiter-like)', mass: 12, radius: 11, density: 1.3, color: 0xd9a066 },
  { name: 'Ice Giant (Neptune-like)', mass: 6, radius: 8, density: 1.6, color: 0x5ccde6 },
  { name: 'Super Earth', mass: 4, radius: 7, density: 7, color: 0x78c27a },
  { name: 'Dwarf Planet', mass: 0.2, radius: 3, density: 2, color: 0xbfa98f },
  { name: 'Custom', mass: 2, radius: 6, density: 3, color: 0xc58cff },
  { name: 'Planetesimal', mass: 0.1, radius: 1.5, density: 3, color: 0xa89c8c },
];

export const STAR_TYPE_G = 0;
export const STAR_TYPE_M = 1;
export const STAR_TYPE_O = 2;
export const STAR_TYPE_K = 3;
export const STAR_TYPE_A = 4;
export const STAR_TYPE_CUSTOM = 5;
export const PLANET_TYPE_ROCKY = 0;
export const PLANET_TYPE_GAS_GIANT = 1;
export const PLANET_TYPE_ICE_GIANT = 2;
export const PLANET_TYPE_SUPER_EARTH = 3;
export const PLANET_TYPE_DWARF = 4;
export const PLANET_TYPE_CUSTOM = 5;
export const PLANET_TYPE_PLANETESIMAL = 6;

export function typeName(kind: BodyKind, type: number): string {
  return (kind === KIND_STAR ? STAR_TYPES[type] : PLANET_TYPES[type])?.name ?? 'Custom';
}

/**
 * Colour of a black body at `kelvin` (Tanner Helland's fit of the CIE tables), as 0xRRGGBB.
 * Stars take their colour from their temperature, so editing one recolours the star.
 */
export function temperatureToColor(kelvin: number): number {
  const t = Math.min(40000, Math.max(1000, kelvin)) / 100;
  let r: number;
  let g: number;
  let b: number;
  if (t <= 66) {
    r = 255;
    g = 99.4708025861 * Math.log(t) - 161.1195681661;
    b = t <= 19 ? 0 : 138.5177312231 * Math.log(t - 10) - 305.0447927307;
  } else {
    r = 329.698727446 * (t - 60) ** -0.1332047592;
    g = 288.1221695283 * (t - 60) ** -0.0755148492;
    b = 255;
  }
  const c = (v: number) => Math.round(Math.min(255, Math.max(0, v)));
  return (c(r) << 16) | (c(g) << 8) | c(b);
}

/** HSL (h in degrees, s and l in 0..1) to 0xRRGGBB: merged planets pick a new hue. */
export function hslToColor(h: number, s: number, l: number): number {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return (Math.round(f(0) * 255) << 16) | (Math.round(f(8) * 255) << 8) | Math.round(f(4) * 255);
}
