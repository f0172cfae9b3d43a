import { clamp } from '../../../lib/pure/math.ts';
import { BRUSH_MAX, BRUSH_MIN, SHARED_FALLBACK_BRUSH } from './constants.ts';
import type { Point } from './track.ts';

/** The stored track payload, version 3 (games spec §3): what POST /api/tracks/store.php takes. */
export interface TrackPayloadV3 {
  v: 3;
  path: string;
  b: number;
  originalAspectRatio: number;
  timestamp: number;
}

/** A decoded track, ready for RaceWorld.setTrack: points in a world of width × height px. */
export interface DecodedTrack {
  points: Point[];
  brush: number;
  width: number;
  height: number;
}

/** Share ids of stored tracks: 'db_' + the server's hash. */
export const SHARE_ID_PREFIX = 'db_';
const SCALE = 1000;
/**
 * A shared track opens in a world whose short side is this many px (about a desktop
 * canvas), keeping the drawing's aspect ratio: the payload keeps no original size, and
 * this keeps a desktop drawing at its own size whatever screen opens it.
 */
export const SHARED_SHORT_SIDE = 760;
const MAX_POINTS = 5000;

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Points of a world `width` × `height` as the v3 payload: M/L commands scaled to 0..1000. */
export function encodeTrack(
  points: readonly Point[],
  brush: number,
  width: number,
  height: number,
  timestamp: number,
): TrackPayloadV3 {
  const path = points
    .map((p, i) => {
      const x = round1(clamp((p.x / width) * SCALE, 0, SCALE));
      const y = round1(clamp((p.y / height) * SCALE, 0, SCALE));
      return `${i === 0 ? 'M' : 'L'}${x} ${y}`;
    })
    .join(' ');
  return { v: 3, path, b: brush, originalAspectRatio: width / height, timestamp };
}

/** The points of a path of M/L commands (absolute), or null when it is not one. */
export function parsePath(path: string): Point[] | null {
  if (typeof path !== 'string' || !/^\s*M/i.test(path) || !/^[MLml0-9.,\s-]+$/.test(path)) return null;
  const numbers = path.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
  if (numbers.length < 4 || numbers.length % 2 !== 0 || numbers.length / 2 > MAX_POINTS) return null;
  const points: Point[] = [];
  for (let i = 0; i < numbers.length; i += 2) points.push({ x: numbers[i], y: numbers[i + 1] });
  return points;
}

function brushOf(b: unknown): number {
  return typeof b === 'number' && Number.isFinite(b) && b > 0
    ? clamp(b, BRUSH_MIN, BRUSH_MAX)
    : SHARED_FALLBACK_BRUSH;
}

/** A stored payload (as the server returns it) to a track; null when malformed. */
export function decodeTrack(payload: unknown): DecodedTrack | null {
  if (!payload || typeof payload !== 'object') return null;
  const p = payload as Partial<TrackPayloadV3>;
  const normalised = parsePath(p.path as string);
  if (!normalised) return null;
  const aspect =
    typeof p.originalAspectRatio === 'number' && p.originalAspectRatio > 0.05 && p.originalAspectRatio < 20
      ? p.originalAspectRatio
      : 1;
  const width = aspect >= 1 ? SHARED_SHORT_SIDE * aspect : SHARED_SHORT_SIDE;
  const height = aspect >= 1 ? SHARED_SHORT_SIDE : SHARED_SHORT_SIDE / aspect;
  return {
    points: normalised.map((q) => ({ x: (q.x / SCALE) * width, y: (q.y / SCALE) * height })),
    brush: brushOf(p.b),
    width,
    height,
  };
}

/**
 * A legacy share id (no 'db_' prefix): base64 of JSON {v: 1, p: points, b: brush}, the
 * points in pixels as [x, y] pairs or {x, y}. The world is the points' bounds plus a
 * brush width all round. Null when it is not one.
 */
export function decodeLegacyId(id: string): DecodedTrack | null {
  const bytes = base64ToBytes(id);
  if (!bytes) return null;
  let data: unknown;
  try {
    // The JSON is numbers and punctuation: ASCII, one byte a character.
    let json = '';
    for (const byte of bytes) json += String.fromCharCode(byte);
    data = JSON.parse(json);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const d = data as { v?: unknown; p?: unknown; b?: unknown };
  if (d.v !== 1 || !Array.isArray(d.p) || d.p.length < 2 || d.p.length > MAX_POINTS) return null;
  const raw: Point[] = [];
  for (const item of d.p) {
    const x = Array.isArray(item) ? item[0] : (item as Point | null)?.x;
    const y = Array.isArray(item) ? item[1] : (item as Point | null)?.y;
    if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y))
      return null;
    raw.push({ x, y });
  }
  const brush = brushOf(d.b);
  const minX = Math.min(...raw.map((q) => q.x));
  const minY = Math.min(...raw.map((q) => q.y));
  const maxX = Math.max(...raw.map((q) => q.x));
  const maxY = Math.max(...raw.map((q) => q.y));
  const points = raw.map((q) => ({ x: q.x - minX + brush, y: q.y - minY + brush }));
  return { points, brush, width: maxX - minX + brush * 2, height: maxY - minY + brush * 2 };
}

/** A legacy id for points and a brush (tests, and old links made by hand). */
export function encodeLegacyId(points: readonly Point[], brush: number): string {
  const json = JSON.stringify({ v: 1, p: points.map((q) => [q.x, q.y]), b: brush });
  return bytesToBase64(Uint8Array.from(json, (ch) => ch.charCodeAt(0) & 255));
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard or URL-safe base64, padded or not; null when it is not base64. */
export function base64ToBytes(text: string): Uint8Array | null {
  const clean = text.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(clean) || clean.length % 4 === 1 || clean.length === 0) return null;
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let o = 0;
  for (const ch of clean) {
    value = (value << 6) | ALPHABET.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 255;
    }
  }
  return out.subarray(0, o);
}

export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += ALPHABET[(n >> 18) & 63] + ALPHABET[(n >> 12) & 63];
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63] : '=';
  }
  return out;
}
