import { getF64, getI32 } from './elements';
import {
  nodeEndPtr,
  nodeMomentsPtr,
  nodeStartPtr,
  pointAxPtr,
  pointAyPtr,
  pointMPtr,
  pointXPtr,
  pointYPtr,
  sortedPtr,
} from './regions';

// The near field: the body pairs of near leaves, summed directly four at a time in single
// precision about the root's centre of mass.

/**
 * Single-precision copies of the n sorted bodies about the root's centre of mass, with
 * four massless entries after the last (the masked lanes read them), their pulls zeroed.
 */
export function copyPoints(n: i32): void {
  const ox = getF64(nodeMomentsPtr, 1);
  const oy = getF64(nodeMomentsPtr, 2);
  for (let k = 0; k < n + 4; k++) {
    const at = (<usize>k) << 2;
    const inside = k < n;
    store<f32>(pointXPtr + at, inside ? <f32>(getF64(sortedPtr, k * 3) - ox) : 0);
    store<f32>(pointYPtr + at, inside ? <f32>(getF64(sortedPtr, k * 3 + 1) - oy) : 0);
    store<f32>(pointMPtr + at, inside ? <f32>getF64(sortedPtr, k * 3 + 2) : 0);
    store<f32>(pointAxPtr + at, 0);
    store<f32>(pointAyPtr + at, 0);
  }
}

/**
 * The body pairs of leaves a and b, each pair once, four at a time in single precision:
 * each of a's bodies sums its pull from b's and adds the opposite pull to them. For a
 * with itself only the first half is done (every body sums all of its leaf; a body's pull
 * on itself is 0). Reads and writes the single-precision copies in place; the lanes past
 * b's last body (the next leaf's, or padding) are masked to add nothing. Returns the
 * interactions summed (each direction counted).
 */
export function nearPairs(a: i32, b: i32, softeningSq: f64): f64 {
  const bStart = getI32(nodeStartPtr, b);
  const bEnd = getI32(nodeEndPtr, b);
  const aEnd = getI32(nodeEndPtr, a);
  const aStart = getI32(nodeStartPtr, a);
  const mutual = a !== b;
  const eps = f32x4.splat(<f32>softeningSq);
  const one = f32x4.splat(1);
  const from = (<usize>bStart) << 2;
  const to = (<usize>bEnd) << 2;
  // The last group of four keeps only the lanes before b's end.
  const lastAt = from + ((<usize>(bEnd - bStart - 1) >> 2) << 4);
  const lastMask = i32x4.lt_s(i32x4(0, 1, 2, 3), i32x4.splat(<i32>((to - lastAt) >> 2)));
  for (let i = aStart; i < aEnd; i++) {
    const ia = (<usize>i) << 2;
    const ux = f32x4.splat(load<f32>(pointXPtr + ia));
    const uy = f32x4.splat(load<f32>(pointYPtr + ia));
    const mi = f32x4.splat(load<f32>(pointMPtr + ia));
    let sumX = f32x4.splat(0);
    let sumY = f32x4.splat(0);
    for (let at = from; at < to; at += 16) {
      const dx = f32x4.sub(v128.load(pointXPtr + at), ux);
      const dy = f32x4.sub(v128.load(pointYPtr + at), uy);
      const r2 = f32x4.add(f32x4.add(f32x4.mul(dx, dx), f32x4.mul(dy, dy)), eps);
      const inv = f32x4.div(one, f32x4.sqrt(r2));
      let inv3 = f32x4.mul(inv, f32x4.mul(inv, inv));
      if (at === lastAt) inv3 = v128.and(inv3, lastMask);
      const f = f32x4.mul(v128.load(pointMPtr + at), inv3);
      sumX = f32x4.add(sumX, f32x4.mul(f, dx));
      sumY = f32x4.add(sumY, f32x4.mul(f, dy));
      if (mutual) {
        const g = f32x4.mul(mi, inv3);
        v128.store(pointAxPtr + at, f32x4.sub(v128.load(pointAxPtr + at), f32x4.mul(g, dx)));
        v128.store(pointAyPtr + at, f32x4.sub(v128.load(pointAyPtr + at), f32x4.mul(g, dy)));
      }
    }
    addLanes(pointAxPtr + ia, sumX);
    addLanes(pointAyPtr + ia, sumY);
  }
  return <f64>((aEnd - aStart) * (bEnd - bStart) * (mutual ? 2 : 1));
}

/** Adds the four lanes of v to the float at p, lane by lane in order. */
function addLanes(p: usize, v: v128): void {
  store<f32>(
    p,
    load<f32>(p) +
      f32x4.extract_lane(v, 0) +
      f32x4.extract_lane(v, 1) +
      f32x4.extract_lane(v, 2) +
      f32x4.extract_lane(v, 3),
  );
}
