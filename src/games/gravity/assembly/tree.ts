import { getI32, getU32, setI32 } from './elements';
import {
  KEY_BITS,
  keysPtr,
  nodeChildPtr,
  nodeChildrenPtr,
  nodeEndPtr,
  nodeLevelPtr,
  nodeStartPtr,
} from './regions';

// The tree over the sorted bodies: a node is a contiguous run of them, split into its
// non-empty quadrants (the next two key bits).

export let nodeCount: i32 = 0;
export let leafCount: i32 = 0;

/** First position in [lo, hi) whose key's quadrant digit at `shift` is ≥ q. */
function lowerBound(lo: i32, hi: i32, shift: u32, q: u32): i32 {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (((getU32(keysPtr, mid) >>> shift) & 3) < q) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Splits the root into nodes until each leaf holds at most leafMax bodies (or the keys run out). */
export function buildNodes(n: i32, leafMax: i32): void {
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
