import { getF64, getI32, setF64 } from './elements';
import {
  nodeBoxPtr,
  nodeChildPtr,
  nodeChildrenPtr,
  nodeEndPtr,
  nodeMomentsPtr,
  nodeQuadPtr,
  nodeStartPtr,
  sortedPtr,
} from './regions';
import { nodeCount } from './tree';

/** Mass, centre of mass, quadrupole, box and radius of every node, children first. */
export function computeMoments(): void {
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
