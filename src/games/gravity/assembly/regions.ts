/**
 * Where the kernel's arrays lie in linear memory: one region each, laid out by `reserve`
 * for a body count and reused, so nothing is allocated during a step.
 */

/** Bits of a Morton key per axis: the tree is at most this deep. */
export const KEY_BITS: i32 = 16;

// Region addresses (bytes), set by reserve().
let capacity: i32 = 0;
export let inXPtr: usize = 0;
export let inYPtr: usize = 0;
export let inMPtr: usize = 0;
export let outXPtr: usize = 0;
export let outYPtr: usize = 0;
export let keysPtr: usize = 0;
export let keysTmpPtr: usize = 0;
export let orderPtr: usize = 0;
export let orderTmpPtr: usize = 0;
/** Sorted bodies packed as x, y, m (f64). */
export let sortedPtr: usize = 0;
/** Accelerations in sorted order, x, y (f64). */
export let sortedAccPtr: usize = 0;
export let nodeStartPtr: usize = 0;
export let nodeEndPtr: usize = 0;
/** First child's node index, −1 for a leaf; children of a node are contiguous. */
export let nodeChildPtr: usize = 0;
export let nodeChildrenPtr: usize = 0;
export let nodeLevelPtr: usize = 0;
/** Mass, centre of mass x, y, and radius (f64 × 4): see moments.ts. */
export let nodeMomentsPtr: usize = 0;
/** Tight box: min x, min y, max x, max y (f64 × 4). */
export let nodeBoxPtr: usize = 0;
/** Quadrupole about the centre of mass: xx, xy, yy (f64 × 3). */
export let nodeQuadPtr: usize = 0;
/**
 * Local expansion about each node's centre of mass (f64 × 9): field (x, y), its Jacobian
 * (xx, xy, yy) and the monopole's second derivatives (xxx, xxy, xyy, yyy).
 */
export let nodeLocalPtr: usize = 0;
export let countsPtr: usize = 0;
/**
 * The sorted bodies in single precision about the root's centre of mass (x, y, m), and
 * the near pairs' pull on each (x, y): the near sums read and write these in place.
 */
export let pointXPtr: usize = 0;
export let pointYPtr: usize = 0;
export let pointMPtr: usize = 0;
export let pointAxPtr: usize = 0;
export let pointAyPtr: usize = 0;

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
