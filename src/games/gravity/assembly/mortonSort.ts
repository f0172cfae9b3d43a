import { getF64, getI32, getU32, setF64, setI32, setU32 } from './elements';
import {
  countsPtr,
  inMPtr,
  inXPtr,
  inYPtr,
  KEY_BITS,
  keysPtr,
  keysTmpPtr,
  orderPtr,
  orderTmpPtr,
  sortedPtr,
} from './regions';

/** Cells of the key grid per axis over the bodies' bounding square. */
const KEY_CELLS: i32 = 1 << KEY_BITS;

/** Spreads the low 16 bits of v to the even bits of a 32-bit word. */
function spread(v: u32): u32 {
  v &= 0xffff;
  v = (v | (v << 8)) & 0x00ff00ff;
  v = (v | (v << 4)) & 0x0f0f0f0f;
  v = (v | (v << 2)) & 0x33333333;
  v = (v | (v << 1)) & 0x55555555;
  return v;
}

/**
 * Keys the n bodies of inX/inY/inM by their cell, bits interleaved (Morton), and copies
 * them into sortedPtr in key order; orderPtr maps sorted positions to body indices.
 */
export function sortBodies(n: i32): void {
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
