import { KIND_PLANET, KIND_STAR, PLANET_TYPES, STAR_TYPES } from './bodyTypes.ts';
import {
  GRAVITY_MAX,
  GRAVITY_MIN,
  MASS_MIN,
  RADIUS_MIN,
  TEMPERATURE_MIN,
  TIME_SPEED_MAX,
  TIME_SPEED_MIN,
  ZOOM_MAX,
  ZOOM_MIN,
} from './constants.ts';
import type { Scenario } from './presets.ts';
import type { BodyInit } from './world.ts';

/**
 * Share links: a scenario packed into bytes, then base64url, carried in the address's
 * fragment (`#s=…`) so it never reaches a server and has no practical length limit.
 * Layout (little endian): version u8, flags u8 (1 starGravity, 2 trails, 4 path trails off:
 * links made before path trails existed have it clear and open with them on), gravity f64,
 * timeSpeed f64, zoom f64, body count u32, then 36 bytes per body:
 * kind u8, type u8, flags u8 (collides), colour u8×3 (planets; stars take theirs from
 * temperature), x, y, vx, vy, mass, radius f32, warmth f32 (temperature or density),
 * after two bytes of padding. Malformed input decodes to null, never throws.
 */
const VERSION = 1;
const HEADER = 30;
const BODY_BYTES = 36;
const MAX_BODIES = 20_000;

export function encodeScenario(s: Scenario): string {
  const bytes = new Uint8Array(HEADER + s.bodies.length * BODY_BYTES);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, VERSION);
  view.setUint8(
    1,
    (s.settings.starGravity ? 1 : 0) | (s.settings.trails ? 2 : 0) | (s.settings.pathTrails ? 0 : 4),
  );
  view.setFloat64(2, s.settings.gravity, true);
  view.setFloat64(10, s.settings.timeSpeed, true);
  view.setFloat64(18, s.settings.zoom, true);
  view.setUint32(26, s.bodies.length, true);
  s.bodies.forEach((b, k) => {
    const o = HEADER + k * BODY_BYTES;
    view.setUint8(o, b.kind);
    view.setUint8(o + 1, b.type);
    view.setUint8(o + 2, b.collides === false ? 0 : 1);
    view.setUint8(o + 3, (b.color >>> 16) & 255);
    view.setUint8(o + 4, (b.color >>> 8) & 255);
    view.setUint8(o + 5, b.color & 255);
    const floats = [
      b.x,
      b.y,
      b.vx,
      b.vy,
      b.mass,
      b.radius,
      (b.kind === KIND_STAR ? b.temperature : b.density) ?? 0,
    ];
    floats.forEach((f, i) => {
      view.setFloat32(o + 8 + i * 4, f, true);
    });
  });
  return toBase64Url(bytes);
}

export function decodeScenario(text: string): Scenario | null {
  const bytes = fromBase64Url(text);
  if (!bytes || bytes.length < HEADER) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint8(0) !== VERSION) return null;
  const flags = view.getUint8(1);
  const count = view.getUint32(26, true);
  if (count > MAX_BODIES || bytes.length !== HEADER + count * BODY_BYTES) return null;
  const clampOr = (v: number, lo: number, hi: number, fallback: number) =>
    Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : fallback;
  const bodies: BodyInit[] = [];
  for (let k = 0; k < count; k++) {
    const o = HEADER + k * BODY_BYTES;
    const kind = view.getUint8(o);
    const type = view.getUint8(o + 1);
    if (kind !== KIND_PLANET && kind !== KIND_STAR) return null;
    if (type >= (kind === KIND_STAR ? STAR_TYPES.length : PLANET_TYPES.length)) return null;
    const f = (i: number) => view.getFloat32(o + 8 + i * 4, true);
    const values = [f(0), f(1), f(2), f(3), f(4), f(5), f(6)];
    if (!values.every(Number.isFinite)) return null;
    const [x, y, vx, vy, mass, radius, warmth] = values;
    bodies.push({
      kind,
      type,
      x,
      y,
      vx,
      vy,
      mass: Math.max(MASS_MIN, mass),
      radius: Math.max(RADIUS_MIN, radius),
      color: (view.getUint8(o + 3) << 16) | (view.getUint8(o + 4) << 8) | view.getUint8(o + 5),
      ...(kind === KIND_STAR
        ? { temperature: Math.max(TEMPERATURE_MIN, warmth) }
        : { density: Math.max(0.01, warmth), collides: view.getUint8(o + 2) !== 0 }),
    });
  }
  return {
    settings: {
      starGravity: (flags & 1) !== 0,
      trails: (flags & 2) !== 0,
      pathTrails: (flags & 4) === 0,
      gravity: clampOr(view.getFloat64(2, true), GRAVITY_MIN, GRAVITY_MAX, 0.1),
      timeSpeed: clampOr(view.getFloat64(10, true), TIME_SPEED_MIN, TIME_SPEED_MAX, 1),
      zoom: clampOr(view.getFloat64(18, true), ZOOM_MIN, ZOOM_MAX, 1),
    },
    bodies,
  };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const LOOKUP = new Map([...ALPHABET].map((c, i) => [c, i]));

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i];
    const b = i + 1 < bytes.length ? bytes[i + 1] : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2] : 0;
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET[(n >> 18) & 63] + ALPHABET[(n >> 12) & 63];
    if (i + 1 < bytes.length) out += ALPHABET[(n >> 6) & 63];
    if (i + 2 < bytes.length) out += ALPHABET[n & 63];
  }
  return out;
}

export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let k = 0;
  for (const ch of text) {
    const v = LOOKUP.get(ch);
    if (v === undefined) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[k++] = (acc >> bits) & 255;
    }
  }
  return out.subarray(0, k);
}
