/**
 * The Galaxy's Barnes–Hut tree in AssemblyScript, compiled to WebAssembly by
 * `npm run wasm` (into ../engine/barnesHutWasm.ts). ../engine/barnesHut.ts drives it and
 * documents the method; this module and those it imports are that method on raw memory,
 * so the hot loops run without bounds checks and the near-body sums run four pairs at a
 * time (SIMD): regions.ts lays the memory out; mortonSort.ts, tree.ts and moments.ts build
 * the tree; walk.ts sums the forces, far through expansions.ts and near through
 * nearField.ts.
 *
 * The caller copies the bodies into `inX/inY/inM` (after `reserve(n)`), calls `build`
 * then `accelerations`, and reads G·a by body index from `outX/outY`. All memory is laid
 * out by `reserve` and reused: nothing is allocated during a step.
 *
 * Precision: the tree, its moments and the expansions are double; near body pairs are
 * summed in single precision about the root's centre of mass (a relative error near 1e-6
 * per pair, far below the method's own).
 */

import { computeMoments } from './moments';
import { sortBodies } from './mortonSort';
import { inMPtr, inXPtr, inYPtr, outXPtr, outYPtr } from './regions';
import { buildNodes, leafCount, nodeCount } from './tree';

// What the host calls: these exports are the module's whole interface.
export { reserve } from './regions';
export { accelerations } from './walk';

/** Sorts the n bodies of inX/inY/inM along the Morton curve and builds the tree. */
export function build(n: i32, leafMax: i32): void {
  sortBodies(n);
  buildNodes(n, leafMax);
  computeMoments();
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
