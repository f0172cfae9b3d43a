/**
 * Whether `items` are drawn back to front already: each one's depth (its y; missing counts
 * as 0) is at least the one before it. Ties keep their order, as a stable sort would.
 */
export function inDepthOrder<T>(items: readonly T[], depthOf: ReadonlyMap<T, number>): boolean {
  let last = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < items.length; k++) {
    const depth = depthOf.get(items[k]) ?? 0;
    if (depth < last) return false;
    last = depth;
  }
  return true;
}
