/**
 * The Galaxy's Barnes–Hut tree in AssemblyScript, compiled to WebAssembly by
 * `npm run wasm` (into ../engine/barnesHutWasm.ts). ../engine/barnesHut.ts drives it and
 * documents the method; this file is that method on raw memory, so the hot loops run
 * without bounds checks and the near-body sums run four pairs at a time (SIMD).
 *
 * The caller copies the bodies into `inX/inY/inM` (after `reserve(n)`), calls `build`
 * then `accelerations`, and reads G·a by body index from `outX/outY`. All memory is laid
 * out by `reserve` and reused: nothing is allocated during a step.
 *
 * Precision: the tree, its moments and the expansions are double; near body pairs are
 * summed in single precision about the root's centre of mass (a relative error near 1e-6
 * per pair, far below the method's own).
 */

const KEY_BITS: i32 = 16;
const KEY_CELLS: i32 = 1 << KEY_BITS;

// Region addresses (bytes), set by reserve().
let capacity: i32 = 0;
let inXPtr: usize = 0;
let inYPtr: usize = 0;
let inMPtr: usize = 0;
let outXPtr: usize = 0;
let outYPtr: usize = 0;
let keysPtr: usize = 0;
let keysTmpPtr: usize = 0;
let orderPtr: usize = 0;
let orderTmpPtr: usize = 0;
/** Sorted bodies packed as x, y, m (f64). */
let sortedPtr: usize = 0;
/** Accelerations in sorted order, x, y (f64). */
let sortedAccPtr: usize = 0;
let nodeStartPtr: usize = 0;
let nodeEndPtr: usize = 0;
/** First child's node index, −1 for a leaf; children of a node are contiguous. */
let nodeChildPtr: usize = 0;
let nodeChildrenPtr: usize = 0;
let nodeLevelPtr: usize = 0;
/** Mass, centre of mass x, y, and radius (f64 × 4): see computeMoments. */
let nodeMomentsPtr: usize = 0;
/** Tight box: min x, min y, max x, max y (f64 × 4). */
let nodeBoxPtr: usize = 0;
/** Quadrupole about the centre of mass: xx, xy, yy (f64 × 3). */
let nodeQuadPtr: usize = 0;
/**
 * Local expansion about each node's centre of mass (f64 × 9): field (x, y), its Jacobian
 * (xx, xy, yy) and the monopole's second derivatives (xxx, xxy, xyy, yyy).
 */
let nodeLocalPtr: usize = 0;
let countsPtr: usize = 0;
/**
 * The sorted bodies in single precision about the root's centre of mass (x, y, m), and
 * the near pairs' pull on each (x, y): the near sums read and write these in place.
 */
let pointXPtr: usize = 0;
let pointYPtr: usize = 0;
let pointMPtr: usize = 0;
let pointAxPtr: usize = 0;
let pointAyPtr: usize = 0;

let nodeCount: i32 = 0;
let leafCount: i32 = 0;
let interactions: f64 = 0;
let softeningSq: f64 = 0;
let theta: f64 = 0.5;

const align = (p: usize): usize => (p + 15) & ~(<usize>15);

function ensureMemory(end: usize): void {
  const have = (<usize>memory.size()) << 16;
  if (end > have) {
    const pages = <i32>((end - have + 0xffff) >> 16);
    if (memory.grow(pages) < 0) unreachable();
  }
}

/** Lays the regions out for n bodies (keeps them when they already fit). */
export function reserve(n: i32): void {
  if (n <= capacity) return;
  const cap = max(n, <i32>Math.ceil(<f64>capacity * 1.5));
  // A tree over n bodies has fewer than 2n nodes, plus chains of single-child nodes
  // where bodies crowd one key cell's ancestors.
  const nodes = 2 * cap + 64 * KEY_BITS;
  const c = <usize>cap;
  const k = <usize>nodes;
  let p = align(__heap_base);
  inXPtr = p;
  p = align(p + 8 * c);
  inYPtr = p;
  p = align(p + 8 * c);
  inMPtr = p;
  p = align(p + 8 * c);
  outXPtr = p;
  p = align(p + 8 * c);
  outYPtr = p;
  p = align(p + 8 * c);
  keysPtr = p;
  p = align(p + 4 * c);
  keysTmpPtr = p;
  p = align(p + 4 * c);
  orderPtr = p;
  p = align(p + 4 * c);
  orderTmpPtr = p;
  p = align(p + 4 * c);
  sortedPtr = p;
  p = align(p + 24 * c);
  sortedAccPtr = p;
  p = align(p + 16 * c);
  nodeStartPtr = p;
  p = align(p + 4 * k);
  nodeEndPtr = p;
  p = align(p + 4 * k);
  nodeChildPtr = p;
  p = align(p + 4 * k);
  nodeChildrenPtr = p;
  p = align(p + 4 * k);
  nodeLevelPtr = p;
  p = align(p + 4 * k);
  nodeMomentsPtr = p;
  p = align(p + 32 * k);
  nodeBoxPtr = p;
  p = align(p + 32 * k);
  nodeQuadPtr = p;
  p = align(p + 24 * k);
  nodeLocalPtr = p;
  p = align(p + 72 * k);
  countsPtr = p;
  p = align(p + 4 * 256);
  pointXPtr = p;
  p = align(p + 4 * (c + 4));
  pointYPtr = p;
  p = align(p + 4 * (c + 4));
  pointMPtr = p;
  p = align(p + 4 * (c + 4));
  pointAxPtr = p;
  p = align(p + 4 * (c + 4));
  pointAyPtr = p;
  p = align(p + 4 * (c + 4));
  ensureMemory(p);
  capacity = cap;
}

// Element access by index.
function getF64(base: usize, i: i32): f64 {
  return load<f64>(base + ((<usize>i) << 3));
}
function setF64(base: usize, i: i32, v: f64): void {
  store<f64>(base + ((<usize>i) << 3), v);
}
function getI32(base: usize, i: i32): i32 {
  return load<i32>(base + ((<usize>i) << 2));
}
function setI32(base: usize, i: i32, v: i32): void {
  store<i32>(base + ((<usize>i) << 2), v);
}
function getU32(base: usize, i: i32): u32 {
  return load<u32>(base + ((<usize>i) << 2));
}
function setU32(base: usize, i: i32, v: u32): void {
  store<u32>(base + ((<usize>i) << 2), v);
}

/** Spreads the low 16 bits of v to the even bits of a 32-bit word. */
function spread(v: u32): u32 {
  v &= 0xffff;
  v = (v | (v << 8)) & 0x00ff00ff;
  v = (v | (v << 4)) & 0x0f0f0f0f;
  v = (v | (v << 2)) & 0x33333333;
  v = (v | (v << 1)) & 0x55555555;
  return v;
}

/** Sorts the n bodies of inX/inY/inM along the Morton curve and builds the tree. */
export function build(n: i32, leafMax: i32): void {
  sortBodies(n);
  buildNodes(n, leafMax);
  computeMoments();
}

function sortBodies(n: i32): void {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    const xi = getF64(inXPtr, i);
    const yi = getF64(inYPtr, i);
    if (xi < minX) minX = xi;
    if (xi > maxX) maxX = xi;
    if (yi < minY) minY = yi;
    if (yi > maxY) maxY = yi;
  }
  const side = max(max(maxX - minX, maxY - minY), 1e-9);
  const toCell = <f64>(KEY_CELLS - 1) / side;
  let keys = keysPtr;
  let order = orderPtr;
  for (let i = 0; i < n; i++) {
    const cx = <u32>Math.floor((getF64(inXPtr, i) - minX) * toCell);
    const cy = <u32>Math.floor((getF64(inYPtr, i) - minY) * toCell);
    setU32(keys, i, spread(cx) | (spread(cy) << 1));
    setI32(order, i, i);
  }
  // LSD radix sort, 8 bits a pass: stable, so the order is fully determined by the keys.
  let keysOut = keysTmpPtr;
  let orderOut = orderTmpPtr;
  for (let shift: u32 = 0; shift < 32; shift += 8) {
    memory.fill(countsPtr, 0, 4 * 256);
    for (let i = 0; i < n; i++) {
      const b = <i32>((getU32(keys, i) >>> shift) & 255);
      setI32(countsPtr, b, getI32(countsPtr, b) + 1);
    }
    let sum = 0;
    for (let b = 0; b < 256; b++) {
      const c = getI32(countsPtr, b);
      setI32(countsPtr, b, sum);
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const key = getU32(keys, i);
      const b = <i32>((key >>> shift) & 255);
      const at = getI32(countsPtr, b);
      setI32(countsPtr, b, at + 1);
      setU32(keysOut, at, key);
      setI32(orderOut, at, getI32(order, i));
    }
    const tk = keys;
    keys = keysOut;
    keysOut = tk;
    const to = order;
    order = orderOut;
    orderOut = to;
  }
  // Four passes: the sorted data is back in the primary regions.
  for (let k = 0; k < n; k++) {
    const i = getI32(orderPtr, k);
    setF64(sortedPtr, k * 3, getF64(inXPtr, i));
    setF64(sortedPtr, k * 3 + 1, getF64(inYPtr, i));
    setF64(sortedPtr, k * 3 + 2, getF64(inMPtr, i));
  }
}

/** First position in [lo, hi) whose key's quadrant digit at `shift` is ≥ q. */
function lowerBound(lo: i32, hi: i32, shift: u32, q: u32): i32 {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (((getU32(keysPtr, mid) >>> shift) & 3) < q) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function buildNodes(n: i32, leafMax: i32): void {
  setI32(nodeStartPtr, 0, 0);
  setI32(nodeEndPtr, 0, n);
  setI32(nodeLevelPtr, 0, 0);
  let count = 1;
  let leaves = 0;
  // Nodes are split in creation order, so a parent always precedes its children.
  for (let k = 0; k < count; k++) {
    const start = getI32(nodeStartPtr, k);
    const end = getI32(nodeEndPtr, k);
    const level = getI32(nodeLevelPtr, k);
    if (end - start <= leafMax || level === KEY_BITS) {
      setI32(nodeChildPtr, k, -1);
      setI32(nodeChildrenPtr, k, 0);
      leaves++;
      continue;
    }
    const shift = <u32>(2 * (KEY_BITS - 1 - level));
    setI32(nodeChildPtr, k, count);
    let children = 0;
    let from = start;
    for (let q: u32 = 1; q <= 4; q++) {
      const to = q === 4 ? end : lowerBound(from, end, shift, q);
      if (to > from) {
        setI32(nodeStartPtr, count, from);
        setI32(nodeEndPtr, count, to);
        setI32(nodeLevelPtr, count, level + 1);
        count++;
        children++;
      }
      from = to;
    }
    setI32(nodeChildrenPtr, k, children);
  }
  nodeCount = count;
  leafCount = leaves;
}

/** Mass, centre of mass, quadrupole, box and radius of every node, children first. */
function computeMoments(): void {
  const mo = nodeMomentsPtr;
  const box = nodeBoxPtr;
  const qu = nodeQuadPtr;
  for (let k = nodeCount - 1; k >= 0; k--) {
    let mass = 0.0;
    let mx = 0.0;
    let my = 0.0;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    const c0 = getI32(nodeChildPtr, k);
    const c1 = c0 + getI32(nodeChildrenPtr, k);
    const b0 = getI32(nodeStartPtr, k);
    const b1 = getI32(nodeEndPtr, k);
    if (c0 < 0) {
      for (let b = b0; b < b1; b++) {
        const xb = getF64(sortedPtr, b * 3);
        const yb = getF64(sortedPtr, b * 3 + 1);
        const mb = getF64(sortedPtr, b * 3 + 2);
        mass += mb;
        mx += mb * xb;
        my += mb * yb;
        if (xb < x0) x0 = xb;
        if (xb > x1) x1 = xb;
        if (yb < y0) y0 = yb;
        if (yb > y1) y1 = yb;
      }
    } else {
      for (let c = c0; c < c1; c++) {
        const mc = getF64(mo, c * 4);
        mass += mc;
        mx += mc * getF64(mo, c * 4 + 1);
        my += mc * getF64(mo, c * 4 + 2);
        x0 = min(x0, getF64(box, c * 4));
        y0 = min(y0, getF64(box, c * 4 + 1));
        x1 = max(x1, getF64(box, c * 4 + 2));
        y1 = max(y1, getF64(box, c * 4 + 3));
      }
    }
    const cx = mass > 0 ? mx / mass : (x0 + x1) / 2;
    const cy = mass > 0 ? my / mass : (y0 + y1) / 2;
    // Quadrupole about (cx, cy): the bodies' own for a leaf; for a node, each child's
    // shifted to the node's centre (the parallel-axis rule).
    let qxx = 0.0;
    let qxy = 0.0;
    let qyy = 0.0;
    if (c0 < 0) {
      for (let b = b0; b < b1; b++) {
        const dx = getF64(sortedPtr, b * 3) - cx;
        const dy = getF64(sortedPtr, b * 3 + 1) - cy;
        const mb = getF64(sortedPtr, b * 3 + 2);
        qxx += mb * (2 * dx * dx - dy * dy);
        qxy += mb * 3 * dx * dy;
        qyy += mb * (2 * dy * dy - dx * dx);
      }
    } else {
      for (let c = c0; c < c1; c++) {
        const dx = getF64(mo, c * 4 + 1) - cx;
        const dy = getF64(mo, c * 4 + 2) - cy;
        const mc = getF64(mo, c * 4);
        qxx += getF64(qu, c * 3) + mc * (2 * dx * dx - dy * dy);
        qxy += getF64(qu, c * 3 + 1) + mc * 3 * dx * dy;
        qyy += getF64(qu, c * 3 + 2) + mc * (2 * dy * dy - dx * dx);
      }
    }
    setF64(qu, k * 3, qxx);
    setF64(qu, k * 3 + 1, qxy);
    setF64(qu, k * 3 + 2, qyy);
    // Radius: the box's farthest corner from the centre of mass, or for a node the
    // farthest child's reach, whichever is less; for a leaf, its farthest body.
    const hx = max(cx - x0, x1 - cx);
    const hy = max(cy - y0, y1 - cy);
    let radius = Math.sqrt(hx * hx + hy * hy);
    if (c0 < 0) {
      let far2 = 0.0;
      for (let b = b0; b < b1; b++) {
        const dx = getF64(sortedPtr, b * 3) - cx;
        const dy = getF64(sortedPtr, b * 3 + 1) - cy;
        far2 = max(far2, dx * dx + dy * dy);
      }
      radius = Math.sqrt(far2);
    } else {
      let reach = 0.0;
      for (let c = c0; c < c1; c++) {
        const dx = getF64(mo, c * 4 + 1) - cx;
        const dy = getF64(mo, c * 4 + 2) - cy;
        reach = max(reach, Math.sqrt(dx * dx + dy * dy) + getF64(mo, c * 4 + 3));
      }
      radius = min(radius, reach);
    }
    setF64(mo, k * 4, mass);
    setF64(mo, k * 4 + 1, cx);
    setF64(mo, k * 4 + 2, cy);
    setF64(mo, k * 4 + 3, radius);
    setF64(box, k * 4, x0);
    setF64(box, k * 4 + 1, y0);
    setF64(box, k * 4 + 2, x1);
    setF64(box, k * 4 + 3, y1);
  }
}

// Where the caller reads and writes.
export function inX(): usize {
  return inXPtr;
}
export function inY(): usize {
  return inYPtr;
}
export function inM(): usize {
  return inMPtr;
}
export function outX(): usize {
  return outXPtr;
}
export function outY(): usize {
  return outYPtr;
}
export function nodes(): i32 {
  return nodeCount;
}
export function leaves(): i32 {
  return leafCount;
}

// The walk (Dehnen's dual tree): every pair of nodes is met once, and what each does to the
// other is added to both.

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
  // Single-precision copies of the sorted bodies about the root's centre of mass, for the
  // near pairs, with four massless entries after the last (the masked lanes read them).
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

/** Adds the expansion at p, re-centred by δ: f − Jδ + ½H[δ, δ], J − Hδ, H. */
function addShifted(e: usize, p: usize, sx: f64, sy: f64): void {
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
function evaluateLocal(t: i32, e: usize): void {
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

/** Everything inside node a: its children each with itself, then every pair of them. */
function selfInteract(a: i32): void {
  const c0 = getI32(nodeChildPtr, a);
  if (c0 < 0) {
    nearPairs(a, a);
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
    nearPairs(a, b);
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

/**
 * Adds node k's field at a centre D away from it (monopole and quadrupole, with their
 * Jacobian, and the monopole's second derivatives) to the expansion at e; inv and inv2 are
 * 1/|D| and its square (softened).
 */
function addField(e: usize, k: i32, dx: f64, dy: f64, inv: f64, inv2: f64): void {
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

/**
 * The body pairs of leaves a and b, each pair once, four at a time in single precision:
 * each of a's bodies sums its pull from b's and adds the opposite pull to them. For a
 * with itself only the first half is done (every body sums all of its leaf; a body's pull
 * on itself is 0). Reads and writes the single-precision copies in place; the lanes past
 * b's last body (the next leaf's, or padding) are masked to add nothing.
 */
function nearPairs(a: i32, b: i32): void {
  const bStart = getI32(nodeStartPtr, b);
  const bEnd = getI32(nodeEndPtr, b);
  const aEnd = getI32(nodeEndPtr, a);
  const aStart = getI32(nodeStartPtr, a);
  const mutual = a !== b;
  interactions += <f64>((aEnd - aStart) * (bEnd - bStart) * (mutual ? 2 : 1));
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
