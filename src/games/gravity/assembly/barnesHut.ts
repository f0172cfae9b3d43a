/**
 * The Galaxy's Barnes–Hut tree in AssemblyScript, compiled to WebAssembly by
 * `npm run wasm` (into ../engine/barnesHutWasm.ts). ../engine/barnesHut.ts drives it and
 * documents the method; this file is that method on raw memory, so the hot loops run
 * without bounds checks and the near-body sums run four pairs at a time (SIMD).
 *
 * The caller copies the bodies into `inX/inY/inM` (after `reserve(n)`), calls `build`
 * then `accelerations`, and reads G·a by body index from `outX/outY`. All memory is laid
 * out by `reserve`; only the walk's node lists (the last region) grow during a walk.
 *
 * Precision: the tree, its moments, the expansions and the far nodes are double; the
 * near bodies of a leaf are summed in single precision, relative to the leaf's centre
 * (a relative error near 1e-7 per pair, far below the method's own).
 */

const KEY_BITS: i32 = 16;
const KEY_CELLS: i32 = 1 << KEY_BITS;
/** Deepest path of the walk: KEY_BITS levels plus the root, with room to spare. */
const MAX_DEPTH: i32 = 40;

// Region addresses (bytes), set by reserve().
let capacity: i32 = 0;
let nodeCapacity: i32 = 0;
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
/** Mass, centre of mass x, y, acceptance distance² (f64 × 4). */
let nodeMomentsPtr: usize = 0;
/** Tight box: min x, min y, max x, max y (f64 × 4). */
let nodeBoxPtr: usize = 0;
/** Quadrupole about the centre of mass: xx, xy, yy (f64 × 3). */
let nodeQuadPtr: usize = 0;
let countsPtr: usize = 0;
let stackPtr: usize = 0;
/** One local expansion (f64 × 9) per depth of the current path. */
let localsPtr: usize = 0;
let parentsPtr: usize = 0;
/** A leaf's far nodes: x, y, m, qxx, qxy, qyy (f64 × 6). */
let cellsPtr: usize = 0;
/** A leaf's near bodies, single precision, relative to the leaf's centre: x[], y[], m[]. */
let pointXPtr: usize = 0;
let pointYPtr: usize = 0;
let pointMPtr: usize = 0;
/** The walk's node lists (i32; far nodes stored as ~k): the last region, grown on demand. */
let listsPtr: usize = 0;
let listCapacity: i32 = 0;

let nodeCount: i32 = 0;
let leafCount: i32 = 0;
let interactions: f64 = 0;
let softeningSq: f64 = 0;
let thetaLocal: f64 = 0.25;

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
  countsPtr = p;
  p = align(p + 4 * 256);
  // Each node is pushed at most once per node's walk, and a leaf's lists hold each node
  // at most once: the node count bounds the stack and the far nodes, the body count (plus
  // padding to four) the near bodies.
  stackPtr = p;
  p = align(p + 4 * k);
  localsPtr = p;
  p = align(p + 72 * <usize>MAX_DEPTH);
  parentsPtr = p;
  p = align(p + 4 * <usize>MAX_DEPTH);
  cellsPtr = p;
  p = align(p + 48 * k);
  pointXPtr = p;
  p = align(p + 4 * (c + 4));
  pointYPtr = p;
  p = align(p + 4 * (c + 4));
  pointMPtr = p;
  p = align(p + 4 * (c + 4));
  listsPtr = p;
  listCapacity = 4 * nodes;
  ensureMemory(p + 4 * <usize>listCapacity);
  capacity = cap;
  nodeCapacity = nodes;
}

function growLists(): void {
  listCapacity *= 2;
  ensureMemory(listsPtr + 4 * <usize>listCapacity);
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
export function build(n: i32, theta: f64, leafMax: i32): void {
  sortBodies(n);
  buildNodes(n, leafMax);
  computeMoments(theta);
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

/** Mass, centre of mass, quadrupole, box and acceptance distance of every node, children first. */
function computeMoments(theta: f64): void {
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
    const side = max(x1 - x0, y1 - y0);
    const ox = cx - (x0 + x1) / 2;
    const oy = cy - (y0 + y1) / 2;
    const accept = side / theta + Math.sqrt(ox * ox + oy * oy);
    setF64(mo, k * 4, mass);
    setF64(mo, k * 4 + 1, cx);
    setF64(mo, k * 4 + 2, cy);
    setF64(mo, k * 4 + 3, accept * accept);
    setF64(box, k * 4, x0);
    setF64(box, k * 4 + 1, y0);
    setF64(box, k * 4 + 2, x1);
    setF64(box, k * 4 + 3, y1);
  }
}

/**
 * G·a of every body into outX/outY (by body index, overwritten), far nodes with their
 * quadrupole, Plummer-softened. Returns the interactions summed.
 */
export function accelerations(G: f64, eps2: f64, thetaLocalRatio: f64): f64 {
  interactions = 0;
  softeningSq = eps2;
  thetaLocal = thetaLocalRatio;
  memory.fill(localsPtr, 0, 72);
  setI32(listsPtr, 0, 0);
  descend(0, 0, 1, 0);
  const n = getI32(nodeEndPtr, 0);
  for (let k = 0; k < n; k++) {
    const i = getI32(orderPtr, k);
    setF64(outXPtr, i, G * getF64(sortedAccPtr, k * 2));
    setF64(outYPtr, i, G * getF64(sortedAccPtr, k * 2 + 1));
  }
  return interactions;
}

/** Node t's share of the walk (see ../engine/barnesHut.ts, `descend`). */
function descend(t: i32, from: i32, to: i32, depth: i32): void {
  if (depth >= MAX_DEPTH) unreachable();
  const mo = nodeMomentsPtr;
  const box = nodeBoxPtr;
  const gx0 = getF64(box, t * 4);
  const gy0 = getF64(box, t * 4 + 1);
  const gx1 = getF64(box, t * 4 + 2);
  const gy1 = getF64(box, t * 4 + 3);
  const gcx = (gx0 + gx1) / 2;
  const gcy = (gy0 + gy1) / 2;
  const e = localsPtr + 72 * <usize>depth;
  if (depth > 0) {
    // The parent's expansion re-centred on t: exact for a polynomial, with δ = t's
    // centre − the parent's: f' = f − Jδ + ½H[δ, δ], J' = J − Hδ, H' = H.
    const p = e - 72;
    const parent = getI32(parentsPtr, depth - 1);
    const sx = gcx - (getF64(box, parent * 4) + getF64(box, parent * 4 + 2)) / 2;
    const sy = gcy - (getF64(box, parent * 4 + 1) + getF64(box, parent * 4 + 3)) / 2;
    const jxx = load<f64>(p, 16);
    const jxy = load<f64>(p, 24);
    const jyy = load<f64>(p, 32);
    const hxxx = load<f64>(p, 40);
    const hxxy = load<f64>(p, 48);
    const hxyy = load<f64>(p, 56);
    const hyyy = load<f64>(p, 64);
    store<f64>(
      e,
      load<f64>(p) - (jxx * sx + jxy * sy) + 0.5 * (hxxx * sx * sx + 2 * hxxy * sx * sy + hxyy * sy * sy),
    );
    store<f64>(
      e,
      load<f64>(p, 8) - (jxy * sx + jyy * sy) + 0.5 * (hxxy * sx * sx + 2 * hxyy * sx * sy + hyyy * sy * sy),
      8,
    );
    store<f64>(e, jxx - (hxxx * sx + hxxy * sy), 16);
    store<f64>(e, jxy - (hxxy * sx + hxyy * sy), 24);
    store<f64>(e, jyy - (hxyy * sx + hyyy * sy), 32);
    store<f64>(e, hxxx, 40);
    store<f64>(e, hxxy, 48);
    store<f64>(e, hxyy, 56);
    store<f64>(e, hyyy, 64);
  }
  // t's radius over θ_local, squared: nodes beyond it go into the expansion.
  const expandSq = ((gx1 - gx0) * (gx1 - gx0) + (gy1 - gy0) * (gy1 - gy0)) / 4 / (thetaLocal * thetaLocal);
  const tIsLeaf = getI32(nodeChildPtr, t) < 0;
  const level = getI32(nodeLevelPtr, t);
  let out = to;
  let expanded = 0;
  let top = 0;
  while (from < to || top > 0) {
    // The inherited entries first, in order; then the children of nodes opened here.
    let k: i32;
    let far: bool;
    if (top > 0) {
      k = getI32(stackPtr, --top);
      far = false;
    } else {
      k = getI32(listsPtr, from++);
      far = k < 0;
      if (far) k = ~k;
    }
    const cx = getF64(mo, k * 4 + 1);
    const cy = getF64(mo, k * 4 + 2);
    if (!far) {
      // Distance from the node's centre of mass to t's box (0 inside it).
      const ex = cx < gx0 ? gx0 - cx : cx > gx1 ? cx - gx1 : 0;
      const ey = cy < gy0 ? gy0 - cy : cy > gy1 ? cy - gy1 : 0;
      far = ex * ex + ey * ey > getF64(mo, k * 4 + 3);
    }
    const dx = cx - gcx;
    const dy = cy - gcy;
    const c0 = getI32(nodeChildPtr, k);
    if (far && dx * dx + dy * dy > expandSq) {
      expandInto(e, k, dx, dy);
      expanded++;
    } else if (far || c0 < 0 || (!tIsLeaf && getI32(nodeLevelPtr, k) > level)) {
      // Kept for the children: far nodes, near leaves, and near nodes smaller than t.
      if (out === listCapacity) growLists();
      setI32(listsPtr, out++, far ? ~k : k);
    } else {
      // Pushed last-first so children are visited in Morton order (a fixed order).
      for (let c = c0 + getI32(nodeChildrenPtr, k) - 1; c >= c0; c--) setI32(stackPtr, top++, c);
    }
  }
  interactions += <f64>expanded;
  const c0 = getI32(nodeChildPtr, t);
  if (c0 < 0) {
    evaluateLeaf(t, to, out, e);
    return;
  }
  setI32(parentsPtr, depth, t);
  const c1 = c0 + getI32(nodeChildrenPtr, t);
  for (let c = c0; c < c1; c++) descend(c, to, out, depth + 1);
}

/**
 * Leaf t's bodies: its expansion (at e), plus the far nodes left in lists[from, to) with
 * their quadrupole (double), and the bodies of the near leaves four at a time (single).
 */
function evaluateLeaf(t: i32, from: i32, to: i32, e: usize): void {
  const box = nodeBoxPtr;
  const mo = nodeMomentsPtr;
  const qu = nodeQuadPtr;
  const gcx = (getF64(box, t * 4) + getF64(box, t * 4 + 2)) / 2;
  const gcy = (getF64(box, t * 4 + 1) + getF64(box, t * 4 + 3)) / 2;
  let cellCount = 0;
  let pointCount = 0;
  for (let i = from; i < to; i++) {
    const entry = getI32(listsPtr, i);
    if (entry < 0) {
      const k = ~entry;
      const cell = cellsPtr + 48 * <usize>cellCount;
      store<f64>(cell, getF64(mo, k * 4 + 1));
      store<f64>(cell, getF64(mo, k * 4 + 2), 8);
      store<f64>(cell, getF64(mo, k * 4), 16);
      store<f64>(cell, getF64(qu, k * 3), 24);
      store<f64>(cell, getF64(qu, k * 3 + 1), 32);
      store<f64>(cell, getF64(qu, k * 3 + 2), 40);
      cellCount++;
    } else {
      const b1 = getI32(nodeEndPtr, entry);
      for (let b = getI32(nodeStartPtr, entry); b < b1; b++) {
        const s = sortedPtr + 24 * <usize>b;
        const at = (<usize>pointCount) << 2;
        store<f32>(pointXPtr + at, <f32>(load<f64>(s) - gcx));
        store<f32>(pointYPtr + at, <f32>(load<f64>(s, 8) - gcy));
        store<f32>(pointMPtr + at, <f32>load<f64>(s, 16));
        pointCount++;
      }
    }
  }
  // Pad to a multiple of four with massless points far away: they add exactly 0.
  const padded = (pointCount + 3) & ~3;
  for (let q = pointCount; q < padded; q++) {
    const at = (<usize>q) << 2;
    store<f32>(pointXPtr + at, 1e18);
    store<f32>(pointYPtr + at, 0);
    store<f32>(pointMPtr + at, 0);
  }
  const b0 = getI32(nodeStartPtr, t);
  const b1 = getI32(nodeEndPtr, t);
  interactions += <f64>((b1 - b0) * (cellCount + pointCount));
  const fx = load<f64>(e);
  const fy = load<f64>(e, 8);
  const jxx = load<f64>(e, 16);
  const jxy = load<f64>(e, 24);
  const jyy = load<f64>(e, 32);
  const hxxx = load<f64>(e, 40);
  const hxxy = load<f64>(e, 48);
  const hxyy = load<f64>(e, 56);
  const hyyy = load<f64>(e, 64);
  const eps = f32x4.splat(<f32>softeningSq);
  const one = f32x4.splat(1);
  const pointBytes = (<usize>padded) << 2;
  for (let b = b0; b < b1; b++) {
    const xb = getF64(sortedPtr, b * 3);
    const yb = getF64(sortedPtr, b * 3 + 1);
    // a(u) = f − J u + ½ H[u, u] at u = body − centre.
    const ux = xb - gcx;
    const uy = yb - gcy;
    let axb = fx - (jxx * ux + jxy * uy) + 0.5 * (hxxx * ux * ux + 2 * hxxy * ux * uy + hxyy * uy * uy);
    let ayb = fy - (jxy * ux + jyy * uy) + 0.5 * (hxxy * ux * ux + 2 * hxyy * ux * uy + hyyy * uy * uy);
    const bx = f32x4.splat(<f32>ux);
    const by = f32x4.splat(<f32>uy);
    let sumX = f32x4.splat(0);
    let sumY = f32x4.splat(0);
    for (let at: usize = 0; at < pointBytes; at += 16) {
      const dx = f32x4.sub(v128.load(pointXPtr + at), bx);
      const dy = f32x4.sub(v128.load(pointYPtr + at), by);
      const r2 = f32x4.add(f32x4.add(f32x4.mul(dx, dx), f32x4.mul(dy, dy)), eps);
      const inv = f32x4.div(one, f32x4.sqrt(r2));
      const f = f32x4.mul(v128.load(pointMPtr + at), f32x4.mul(inv, f32x4.mul(inv, inv)));
      sumX = f32x4.add(sumX, f32x4.mul(f, dx));
      sumY = f32x4.add(sumY, f32x4.mul(f, dy));
    }
    axb +=
      <f64>f32x4.extract_lane(sumX, 0) +
      <f64>f32x4.extract_lane(sumX, 1) +
      <f64>f32x4.extract_lane(sumX, 2) +
      <f64>f32x4.extract_lane(sumX, 3);
    ayb +=
      <f64>f32x4.extract_lane(sumY, 0) +
      <f64>f32x4.extract_lane(sumY, 1) +
      <f64>f32x4.extract_lane(sumY, 2) +
      <f64>f32x4.extract_lane(sumY, 3);
    for (let q = 0; q < cellCount; q++) {
      const cell = cellsPtr + 48 * <usize>q;
      const dx = load<f64>(cell) - xb;
      const dy = load<f64>(cell, 8) - yb;
      const inv = 1 / Math.sqrt(dx * dx + dy * dy + softeningSq);
      const inv2 = inv * inv;
      const inv3 = inv * inv2;
      const inv5 = inv3 * inv2;
      // d points from the body to the node: a = m d/r³ − Q d/r⁵ + 5/2 (dᵀQd) d/r⁷.
      const qxy = load<f64>(cell, 32);
      const qdx = load<f64>(cell, 24) * dx + qxy * dy;
      const qdy = qxy * dx + load<f64>(cell, 40) * dy;
      const radial = load<f64>(cell, 16) * inv3 + 2.5 * (dx * qdx + dy * qdy) * inv5 * inv2;
      axb += radial * dx - qdx * inv5;
      ayb += radial * dy - qdy * inv5;
    }
    setF64(sortedAccPtr, b * 2, axb);
    setF64(sortedAccPtr, b * 2 + 1, ayb);
  }
}

/**
 * Adds node k's field at a centre D away from it (monopole and quadrupole, with their
 * Jacobian, and the monopole's second derivatives) to the expansion at e.
 */
function expandInto(e: usize, k: i32, dx: f64, dy: f64): void {
  const m = getF64(nodeMomentsPtr, k * 4);
  const qxx = getF64(nodeQuadPtr, k * 3);
  const qxy = getF64(nodeQuadPtr, k * 3 + 1);
  const qyy = getF64(nodeQuadPtr, k * 3 + 2);
  const inv = 1 / Math.sqrt(dx * dx + dy * dy + softeningSq);
  const inv2 = inv * inv;
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
export function nodeLimit(): i32 {
  return nodeCapacity;
}
