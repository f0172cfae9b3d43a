import { clamp } from '../../../lib/pure/math.ts';
import { startLineMinLength, THIN_MIN_DISTANCE } from './constants.ts';
import { computeRacingLine, type RacingLine } from './racingLine.ts';

export interface Point {
  x: number;
  y: number;
}

/** The start line across the road: endpoints a and b, and n, the direction of travel through it. */
export interface StartLine {
  a: Point;
  b: Point;
  n: Point;
  /** Index of the centreline sample it crosses. */
  index: number;
}

/**
 * A finalized track: the drawn points and brush width (what is shared), the closed
 * centreline resampled evenly (what cars follow and the scene draws), its unit tangents
 * and left normals, the start line and the racing line.
 */
export interface Track {
  points: Point[];
  brush: number;
  /** Samples of the closed centreline, `spacing` apart along it. */
  count: number;
  spacing: number;
  length: number;
  cx: Float64Array;
  cy: Float64Array;
  tx: Float64Array;
  ty: Float64Array;
  nx: Float64Array;
  ny: Float64Array;
  start: StartLine;
  racing: RacingLine;
  /** Speed and size scale from the world's size (1 on an 800 px world). */
  scale: number;
  /** Car body length and width on this track (px). */
  carLength: number;
  carWidth: number;
}

export type TrackResult =
  | { ok: true; track: Track }
  | { ok: false; reason: 'too-few-points' | 'start-line' | 'not-closed' };

/**
 * A stroke whose ends lie further apart than this many road widths was not drawn as a loop:
 * when no start line fits it, that is why (a straight line closed back on itself is a road
 * folded onto itself), and the player is told so rather than to draw a wider track.
 */
export const OPEN_GAP_BRUSHES = 2;

/** True when the stroke's first and last points are more than OPEN_GAP_BRUSHES road widths apart. */
export function strokeIsOpen(points: readonly Point[], brush: number): boolean {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return false;
  return Math.hypot(last.x - first.x, last.y - first.y) > OPEN_GAP_BRUSHES * brush;
}

/** Drops points closer than `min` to the last kept one (the spec's thinning, min distance 8). */
export function thinPoints(points: readonly Point[], min = THIN_MIN_DISTANCE): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    const last = out[out.length - 1];
    if (!last || Math.hypot(p.x - last.x, p.y - last.y) >= min) out.push({ x: p.x, y: p.y });
  }
  return out;
}

/** The speed/size scale of a world `width` × `height`: its short side over 800, bounded. */
export function worldScale(width: number, height: number): number {
  return clamp(Math.min(width, height) / 800, 0.55, 1.4);
}

/** Most centreline samples a track gets: keeps the racing line inside its time budget. */
const MAX_SAMPLES = 720;
const MIN_SAMPLES = 24;
const TARGET_SPACING = 7;

/**
 * Builds a track from the thinned points of one stroke (closed back to its first point).
 * Fails with 'too-few-points' when fewer than two points remain, and with 'start-line'
 * when no start line of at least max(10, 0.8 × brush) fits across the road ('not-closed'
 * instead when the stroke's ends are far apart: the loop was never closed).
 */
export function buildTrack(points: readonly Point[], brush: number, scale: number): TrackResult {
  const pts = thinPoints(points);
  if (pts.length < 2) return { ok: false, reason: 'too-few-points' };
  const { cx, cy, count, spacing, length } = resampleClosed(pts);
  smoothClosed(cx, cy, 2);
  const { tx, ty, nx, ny } = frames(cx, cy);
  const carLength = clamp(brush * 0.52, 12, 30);
  const carWidth = carLength * 0.5;
  const base = {
    points: pts,
    brush,
    count,
    spacing,
    length,
    cx,
    cy,
    tx,
    ty,
    nx,
    ny,
    scale,
    carLength,
    carWidth,
  };
  const start = placeStartLine(base);
  if (!start) return { ok: false, reason: strokeIsOpen(pts, brush) ? 'not-closed' : 'start-line' };
  const racing = computeRacingLine(base);
  return { ok: true, track: { ...base, start, racing } };
}

function resampleClosed(pts: readonly Point[]) {
  const n = pts.length;
  const cum = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const a = pts[i];
    const b = pts[(i + 1) % n];
    cum[i + 1] = cum[i] + Math.hypot(b.x - a.x, b.y - a.y);
  }
  const length = cum[n];
  const count = clamp(Math.round(length / TARGET_SPACING), MIN_SAMPLES, MAX_SAMPLES);
  const spacing = length / count;
  const cx = new Float64Array(count);
  const cy = new Float64Array(count);
  let seg = 0;
  for (let k = 0; k < count; k++) {
    const s = k * spacing;
    while (seg < n - 1 && cum[seg + 1] < s) seg++;
    const a = pts[seg];
    const b = pts[(seg + 1) % n];
    const len = cum[seg + 1] - cum[seg];
    const t = len > 0 ? (s - cum[seg]) / len : 0;
    cx[k] = a.x + (b.x - a.x) * t;
    cy[k] = a.y + (b.y - a.y) * t;
  }
  return { cx, cy, count, spacing, length };
}

/** [1 2 1]/4 passes around the loop: takes the hand's jitter out of the normals. */
function smoothClosed(x: Float64Array, y: Float64Array, passes: number): void {
  const n = x.length;
  const px = new Float64Array(n);
  const py = new Float64Array(n);
  for (let p = 0; p < passes; p++) {
    px.set(x);
    py.set(y);
    for (let i = 0; i < n; i++) {
      const a = (i - 1 + n) % n;
      const b = (i + 1) % n;
      x[i] = (px[a] + 2 * px[i] + px[b]) / 4;
      y[i] = (py[a] + 2 * py[i] + py[b]) / 4;
    }
  }
}

function frames(cx: Float64Array, cy: Float64Array) {
  const n = cx.length;
  const tx = new Float64Array(n);
  const ty = new Float64Array(n);
  const nx = new Float64Array(n);
  const ny = new Float64Array(n);
  let lx = 1;
  let ly = 0;
  for (let i = 0; i < n; i++) {
    let dx = cx[(i + 1) % n] - cx[(i - 1 + n) % n];
    let dy = cy[(i + 1) % n] - cy[(i - 1 + n) % n];
    let d = Math.hypot(dx, dy);
    if (d < 1e-9) {
      dx = cx[(i + 1) % n] - cx[i];
      dy = cy[(i + 1) % n] - cy[i];
      d = Math.hypot(dx, dy);
    }
    if (d < 1e-9) {
      // A point where the line doubles back on itself: keep the last direction.
      dx = lx;
      dy = ly;
      d = 1;
    }
    tx[i] = dx / d;
    ty[i] = dy / d;
    lx = tx[i];
    ly = ty[i];
    nx[i] = -ty[i];
    ny[i] = tx[i];
  }
  return { tx, ty, nx, ny };
}

type TrackGeometry = Omit<Track, 'start' | 'racing'>;

/** Signed heading change (rad) from sample i to i+1, wrapped to (−π, π]. */
export function headingStep(tx: Float64Array, ty: Float64Array, i: number): number {
  const n = tx.length;
  const j = (i + 1) % n;
  return Math.atan2(tx[i] * ty[j] - ty[i] * tx[j], tx[i] * tx[j] + ty[i] * ty[j]);
}

/**
 * The start line: across the straightest stretch, perpendicular to the road and as wide
 * as it, cut short where another part of the loop crosses it. Null when no candidate is
 * at least max(10, 0.8 × brush) long.
 */
function placeStartLine(t: TrackGeometry): StartLine | null {
  const { count: n, cx, cy, nx, ny, tx, ty, brush, spacing } = t;
  const half = brush / 2;
  const window = Math.max(1, Math.round(Math.max(40, brush) / spacing));
  const turn = new Float64Array(n);
  const steps = new Float64Array(n);
  for (let i = 0; i < n; i++) steps[i] = headingStep(tx, ty, i);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let k = -window; k < window; k++) sum += Math.abs(steps[(((i + k) % n) + n) % n]);
    turn[i] = sum;
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => turn[a] - turn[b] || a - b);
  const localSpan = Math.ceil((brush * 1.5) / spacing);
  const tried: number[] = [];
  const minLength = startLineMinLength(brush);
  for (const i of order) {
    if (tried.length >= 16) break;
    if (tried.some((j) => cyclicGap(i, j, n) * spacing < brush * 2)) continue;
    tried.push(i);
    const extent = (dir: number) => {
      for (let d = 1; d <= half; d += 1) {
        const qx = cx[i] + nx[i] * d * dir;
        const qy = cy[i] + ny[i] * d * dir;
        for (let j = 0; j < n; j++) {
          if (cyclicGap(i, j, n) <= localSpan) continue;
          if ((cx[j] - qx) ** 2 + (cy[j] - qy) ** 2 < half * half) return d - 1;
        }
      }
      return half;
    };
    const left = extent(1);
    const right = extent(-1);
    if (left + right >= minLength) {
      return {
        a: { x: cx[i] - nx[i] * right, y: cy[i] - ny[i] * right },
        b: { x: cx[i] + nx[i] * left, y: cy[i] + ny[i] * left },
        n: { x: tx[i], y: ty[i] },
        index: i,
      };
    }
  }
  return null;
}

export function cyclicGap(i: number, j: number, n: number): number {
  const d = Math.abs(i - j) % n;
  return Math.min(d, n - d);
}

/** Signed index step from i to j around a loop of n, in (−n/2, n/2]. */
export function cyclicDelta(from: number, to: number, n: number): number {
  let d = (to - from) % n;
  if (d > n / 2) d -= n;
  if (d <= -n / 2) d += n;
  return d;
}

/** Nearest centreline sample to (x, y), searched within `radius` samples of `hint`. */
export function nearestSample(t: Track, x: number, y: number, hint: number, radius: number): number {
  const n = t.count;
  let best = hint;
  let bestD = Number.POSITIVE_INFINITY;
  for (let k = -radius; k <= radius; k++) {
    const j = (((hint + k) % n) + n) % n;
    const d = (t.cx[j] - x) ** 2 + (t.cy[j] - y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = j;
    }
  }
  return best;
}

/** Distance from (x, y) to the closed centreline polyline (exact; O(samples)). */
export function distanceToCentreline(t: Track, x: number, y: number): number {
  let best = Number.POSITIVE_INFINITY;
  const n = t.count;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ax = t.cx[i];
    const ay = t.cy[i];
    const dx = t.cx[j] - ax;
    const dy = t.cy[j] - ay;
    const len2 = dx * dx + dy * dy;
    const u = len2 > 0 ? clamp(((x - ax) * dx + (y - ay) * dy) / len2, 0, 1) : 0;
    best = Math.min(best, Math.hypot(ax + dx * u - x, ay + dy * u - y));
  }
  return best;
}
