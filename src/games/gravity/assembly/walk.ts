import { getF64, getI32, setF64 } from './elements';
import { addField, addShifted, evaluateLocal } from './expansions';
import { copyPoints, nearPairs } from './nearField';
import {
  nodeChildPtr,
  nodeChildrenPtr,
  nodeEndPtr,
  nodeLocalPtr,
  nodeMomentsPtr,
  orderPtr,
  outXPtr,
  outYPtr,
  pointAxPtr,
  pointAyPtr,
  sortedAccPtr,
} from './regions';
import { nodeCount } from './tree';

// The walk (Dehnen's dual tree): every pair of nodes is met once, and what each does to the
// other is added to both.

let interactions: f64 = 0;
let softeningSq: f64 = 0;
let theta: f64 = 0.5;

/**
 * G·a of every body into outX/outY from the mutual walk: two nodes well apart
 * (2·max(r_A, r_B) < θ·d between centres of mass) add each other's field to their local
 * expansions; two near leaves sum their body pairs once for both. Returns the
 * interactions summed (each direction counted).
 */
export function accelerations(G: f64, eps2: f64, openingAngle: f64): f64 {
  interactions = 0;
  softeningSq = eps2;
  theta = openingAngle;
  const n = getI32(nodeEndPtr, 0);
  memory.fill(sortedAccPtr, 0, 16 * <usize>n);
  memory.fill(nodeLocalPtr, 0, 72 * <usize>nodeCount);
  copyPoints(n);
  selfInteract(0);
  // Down the tree: each child's expansion gets its parent's, re-centred (parents come first).
  for (let k = 0; k < nodeCount; k++) {
    const c0 = getI32(nodeChildPtr, k);
    const p = nodeLocalPtr + 72 * <usize>k;
    if (c0 < 0) {
      evaluateLocal(k, p);
      continue;
    }
    const c1 = c0 + getI32(nodeChildrenPtr, k);
    for (let c = c0; c < c1; c++) {
      const sx = getF64(nodeMomentsPtr, c * 4 + 1) - getF64(nodeMomentsPtr, k * 4 + 1);
      const sy = getF64(nodeMomentsPtr, c * 4 + 2) - getF64(nodeMomentsPtr, k * 4 + 2);
      addShifted(nodeLocalPtr + 72 * <usize>c, p, sx, sy);
    }
  }
  for (let k = 0; k < n; k++) {
    const i = getI32(orderPtr, k);
    const at = (<usize>k) << 2;
    setF64(outXPtr, i, G * (getF64(sortedAccPtr, k * 2) + <f64>load<f32>(pointAxPtr + at)));
    setF64(outYPtr, i, G * (getF64(sortedAccPtr, k * 2 + 1) + <f64>load<f32>(pointAyPtr + at)));
  }
  return interactions;
}

/** Everything inside node a: its children each with itself, then every pair of them. */
function selfInteract(a: i32): void {
  const c0 = getI32(nodeChildPtr, a);
  if (c0 < 0) {
    interactions += nearPairs(a, a, softeningSq);
    return;
  }
  const c1 = c0 + getI32(nodeChildrenPtr, a);
  for (let c = c0; c < c1; c++) selfInteract(c);
  for (let c = c0; c < c1; c++) for (let d = c + 1; d < c1; d++) interact(c, d);
}

/**
 * Nodes a and b (disjoint): expanded into each other when well apart, else split. Well
 * apart: the bigger radius r is below θ/2 of the distance d between the centres of mass
 * (so r_a + r_b < θ·d too). Then a body of either sees the other's centre from beyond
 * (1 − θ/2)·d, the other's radius under a third of that distance at θ = 0.5 (Barnes–Hut
 * at θ = 0.5 asks for under a half), and each expansion is used at most θ/2·d from its
 * centre, where what it leaves out (third order) is at most about 4·(θ/2)³ of the pull,
 * 6 % at θ = 0.5, and far less summed over many nodes.
 */
function interact(a: i32, b: i32): void {
  const mo = nodeMomentsPtr;
  const dx = getF64(mo, b * 4 + 1) - getF64(mo, a * 4 + 1);
  const dy = getF64(mo, b * 4 + 2) - getF64(mo, a * 4 + 2);
  const ra = getF64(mo, a * 4 + 3);
  const rb = getF64(mo, b * 4 + 3);
  const d2 = dx * dx + dy * dy;
  const diameter = 2 * max(ra, rb);
  // Within two softening lengths the softened field bends too fast for the expansions:
  // such nodes are small (a few bodies) and are opened instead.
  if (diameter * diameter < theta * theta * d2 && d2 > 4 * softeningSq) {
    expandMutual(a, b, dx, dy);
    interactions += 2;
    return;
  }
  const ca = getI32(nodeChildPtr, a);
  const cb = getI32(nodeChildPtr, b);
  if (ca < 0 && cb < 0) {
    interactions += nearPairs(a, b, softeningSq);
    return;
  }
  // Open the bigger one (or the one that can be opened).
  if (ca >= 0 && (cb < 0 || ra >= rb)) {
    const end = ca + getI32(nodeChildrenPtr, a);
    for (let c = ca; c < end; c++) interact(c, b);
  } else {
    const end = cb + getI32(nodeChildrenPtr, b);
    for (let c = cb; c < end; c++) interact(a, c);
  }
}

/**
 * Each node's field (monopole and quadrupole) added to the other's expansion about its
 * centre of mass; d runs from a's centre to b's. The powers of the distance are shared.
 */
function expandMutual(a: i32, b: i32, dx: f64, dy: f64): void {
  const inv = 1 / Math.sqrt(dx * dx + dy * dy + softeningSq);
  const inv2 = inv * inv;
  addField(nodeLocalPtr + 72 * <usize>a, b, dx, dy, inv, inv2);
  addField(nodeLocalPtr + 72 * <usize>b, a, -dx, -dy, inv, inv2);
}
