import { getF64, getI32 } from './elements';
import { nodeEndPtr, nodeMomentsPtr, nodeQuadPtr, nodeStartPtr, sortedAccPtr, sortedPtr } from './regions';

// The local expansions about each node's centre of mass (laid out at nodeLocalPtr, see
// regions.ts): far nodes add their field into them, each parent's is shifted down to its
// children, and a leaf's is evaluated at its bodies.

/**
 * Adds node k's field at a centre D away from it (monopole and quadrupole, with their
 * Jacobian, and the monopole's second derivatives) to the expansion at e; inv and inv2 are
 * 1/|D| and its square (softened).
 */
export function addField(e: usize, k: i32, dx: f64, dy: f64, inv: f64, inv2: f64): void {
  const m = getF64(nodeMomentsPtr, k * 4);
  const qxx = getF64(nodeQuadPtr, k * 3);
  const qxy = getF64(nodeQuadPtr, k * 3 + 1);
  const qyy = getF64(nodeQuadPtr, k * 3 + 2);
  const i3 = m * inv * inv2;
  const i5 = inv2 * inv2 * inv;
  const m5 = m * i5;
  const i7 = i5 * inv2;
  const i9 = i7 * inv2;
  const qdx = qxx * dx + qxy * dy;
  const qdy = qxy * dx + qyy * dy;
  const q = dx * qdx + dy * qdy;
  const diag = i3 + 2.5 * q * i7;
  store<f64>(e, load<f64>(e) + diag * dx - qdx * i5);
  store<f64>(e, load<f64>(e, 8) + diag * dy - qdy * i5, 8);
  const cross = -3 * m5 - 17.5 * q * i9;
  store<f64>(e, load<f64>(e, 16) + diag - qxx * i5 + 10 * qdx * dx * i7 + cross * dx * dx, 16);
  store<f64>(e, load<f64>(e, 24) - qxy * i5 + 5 * (qdx * dy + qdy * dx) * i7 + cross * dx * dy, 24);
  store<f64>(e, load<f64>(e, 32) + diag - qyy * i5 + 10 * qdy * dy * i7 + cross * dy * dy, 32);
  const m7 = 15 * m * i7;
  store<f64>(e, load<f64>(e, 40) + dx * (m7 * dx * dx - 9 * m5), 40);
  store<f64>(e, load<f64>(e, 48) + dy * (m7 * dx * dx - 3 * m5), 48);
  store<f64>(e, load<f64>(e, 56) + dx * (m7 * dy * dy - 3 * m5), 56);
  store<f64>(e, load<f64>(e, 64) + dy * (m7 * dy * dy - 9 * m5), 64);
}

/** Adds the expansion at p, re-centred by δ: f − Jδ + ½H[δ, δ], J − Hδ, H. */
export function addShifted(e: usize, p: usize, sx: f64, sy: f64): void {
  const jxx = load<f64>(p, 16);
  const jxy = load<f64>(p, 24);
  const jyy = load<f64>(p, 32);
  const hxxx = load<f64>(p, 40);
  const hxxy = load<f64>(p, 48);
  const hxyy = load<f64>(p, 56);
  const hyyy = load<f64>(p, 64);
  store<f64>(e, plusFieldAt(load<f64>(e), load<f64>(p), jxx, jxy, hxxx, hxxy, hxyy, sx, sy));
  store<f64>(e, plusFieldAt(load<f64>(e, 8), load<f64>(p, 8), jxy, jyy, hxxy, hxyy, hyyy, sx, sy), 8);
  store<f64>(e, load<f64>(e, 16) + jxx - (hxxx * sx + hxxy * sy), 16);
  store<f64>(e, load<f64>(e, 24) + jxy - (hxxy * sx + hxyy * sy), 24);
  store<f64>(e, load<f64>(e, 32) + jyy - (hxyy * sx + hyyy * sy), 32);
  store<f64>(e, load<f64>(e, 40) + hxxx, 40);
  store<f64>(e, load<f64>(e, 48) + hxxy, 48);
  store<f64>(e, load<f64>(e, 56) + hxyy, 56);
  store<f64>(e, load<f64>(e, 64) + hyyy, 64);
}

/** A leaf's expansion (about its centre of mass) added to each of its bodies. */
export function evaluateLocal(t: i32, e: usize): void {
  const gcx = getF64(nodeMomentsPtr, t * 4 + 1);
  const gcy = getF64(nodeMomentsPtr, t * 4 + 2);
  const fx = load<f64>(e);
  const fy = load<f64>(e, 8);
  const jxx = load<f64>(e, 16);
  const jxy = load<f64>(e, 24);
  const jyy = load<f64>(e, 32);
  const hxxx = load<f64>(e, 40);
  const hxxy = load<f64>(e, 48);
  const hxyy = load<f64>(e, 56);
  const hyyy = load<f64>(e, 64);
  const b1 = getI32(nodeEndPtr, t);
  for (let b = getI32(nodeStartPtr, t); b < b1; b++) {
    const ux = getF64(sortedPtr, b * 3) - gcx;
    const uy = getF64(sortedPtr, b * 3 + 1) - gcy;
    const a = sortedAccPtr + 16 * <usize>b;
    store<f64>(a, plusFieldAt(load<f64>(a), fx, jxx, jxy, hxxx, hxxy, hxyy, ux, uy));
    store<f64>(a, plusFieldAt(load<f64>(a, 8), fy, jxy, jyy, hxxy, hxyy, hyyy, ux, uy), 8);
  }
}

/**
 * acc plus one component (x or y) of an expansion's field at u from its centre,
 * f − J·u + ½ u·H·u: f that component, (ja, jb) its row of the Jacobian and (ha, hb, hc)
 * its second derivatives along xx, xy, yy.
 */
function plusFieldAt(acc: f64, f: f64, ja: f64, jb: f64, ha: f64, hb: f64, hc: f64, ux: f64, uy: f64): f64 {
  return acc + f - (ja * ux + jb * uy) + 0.5 * (ha * ux * ux + 2 * hb * ux * uy + hc * uy * uy);
}
