/**
 * The textbook Barnes–Hut force (Barnes & Hut 1986), the yardstick the Galaxy's tree code
 * is held to: the performance goal is "Barnes–Hut θ ≤ 0.5 or better", so tests and the bench
 * measure this method's force error at θ = 0.5 beside the Galaxy's, on the same bodies.
 *
 * A quadtree of square cells (a cell splits into four equal quadrants until it holds at
 * most LEAF bodies), walked from the root once per body: a cell of side s whose centre of
 * mass is d away is taken whole when s/d < θ and it does not contain the body, with its
 * monopole, or its monopole and quadrupole; otherwise it is opened, and an opened leaf is
 * summed body by body. Softened like the Galaxy (1/(d² + ε²)^{3/2} in every term). Plain
 * JavaScript, one body at a time: for samples, not for stepping a world.
 */

const LEAF = 8;
/** Deeper than this, bodies on (nearly) one spot stay together in one leaf. */
const MAX_DEPTH = 40;

export class ReferenceBarnesHut {
  private readonly order: Int32Array;
  /** Per cell: centre and half side of the square, mass, centre of mass, quadrupole. */
  private readonly cellX: number[] = [];
  private readonly cellY: number[] = [];
  private readonly half: number[] = [];
  private readonly mass: number[] = [];
  private readonly comX: number[] = [];
  private readonly comY: number[] = [];
  private readonly qxx: number[] = [];
  private readonly qxy: number[] = [];
  private readonly qyy: number[] = [];
  /** First child (children are four consecutive cells, empty ones included), −1 for a leaf. */
  private readonly child: number[] = [];
  /** A leaf's bodies: order[start .. end). */
  private readonly start: number[] = [];
  private readonly end: number[] = [];

  constructor(
    private readonly x: Float64Array,
    private readonly y: Float64Array,
    private readonly m: Float64Array,
    n: number,
  ) {
    this.order = Int32Array.from({ length: n }, (_, i) => i);
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let i = 0; i < n; i++) {
      x0 = Math.min(x0, x[i]);
      x1 = Math.max(x1, x[i]);
      y0 = Math.min(y0, y[i]);
      y1 = Math.max(y1, y[i]);
    }
    const half = Math.max(x1 - x0, y1 - y0, 1e-9) / 2;
    this.build(this.alloc(), (x0 + x1) / 2, (y0 + y1) / 2, half * (1 + 1e-9), 0, n, 0);
  }

  /** A new, empty cell record. */
  private alloc(): number {
    const k = this.child.length;
    for (const list of [this.cellX, this.cellY, this.half, this.start, this.end, this.mass]) list.push(0);
    for (const list of [this.comX, this.comY, this.qxx, this.qxy, this.qyy]) list.push(0);
    this.child.push(-1);
    return k;
  }

  /** Fills cell k (the square about cx, cy) with bodies order[from .. to) and builds its subtree. */
  private build(
    k: number,
    cx: number,
    cy: number,
    half: number,
    from: number,
    to: number,
    depth: number,
  ): void {
    this.cellX[k] = cx;
    this.cellY[k] = cy;
    this.half[k] = half;
    this.start[k] = from;
    this.end[k] = to;
    if (to - from > LEAF && depth < MAX_DEPTH) {
      const { x, y, order } = this;
      // Partition order[lo .. hi) so the bodies for which `below` holds come first.
      const split = (lo: number, hi: number, below: (i: number) => boolean) => {
        let a = lo;
        for (let b = lo; b < hi; b++) {
          if (below(order[b])) {
            const t = order[a];
            order[a] = order[b];
            order[b] = t;
            a++;
          }
        }
        return a;
      };
      const midX = split(from, to, (i) => x[i] < cx);
      const lowLeft = split(from, midX, (i) => y[i] < cy);
      const lowRight = split(midX, to, (i) => y[i] < cy);
      const first = this.alloc();
      for (let q = 1; q < 4; q++) this.alloc();
      this.child[k] = first;
      const h = half / 2;
      this.build(first, cx - h, cy - h, h, from, lowLeft, depth + 1);
      this.build(first + 1, cx - h, cy + h, h, lowLeft, midX, depth + 1);
      this.build(first + 2, cx + h, cy - h, h, midX, lowRight, depth + 1);
      this.build(first + 3, cx + h, cy + h, h, lowRight, to, depth + 1);
    }
    this.moments(k);
  }

  /** Mass, centre of mass and quadrupole (Σ m (3uuᵀ − |u|² I) about the centre of mass), from the bodies. */
  private moments(k: number): void {
    const { x, y, m, order } = this;
    let mass = 0;
    let mx = 0;
    let my = 0;
    for (let b = this.start[k]; b < this.end[k]; b++) {
      const i = order[b];
      mass += m[i];
      mx += m[i] * x[i];
      my += m[i] * y[i];
    }
    const cx = mass > 0 ? mx / mass : this.cellX[k];
    const cy = mass > 0 ? my / mass : this.cellY[k];
    let qxx = 0;
    let qxy = 0;
    let qyy = 0;
    for (let b = this.start[k]; b < this.end[k]; b++) {
      const i = order[b];
      const ux = x[i] - cx;
      const uy = y[i] - cy;
      qxx += m[i] * (2 * ux * ux - uy * uy);
      qxy += m[i] * 3 * ux * uy;
      qyy += m[i] * (2 * uy * uy - ux * ux);
    }
    this.mass[k] = mass;
    this.comX[k] = cx;
    this.comY[k] = cy;
    this.qxx[k] = qxx;
    this.qxy[k] = qxy;
    this.qyy[k] = qyy;
  }

  /** G·a of body i, cells taken whole when side/distance < θ. */
  acceleration(
    i: number,
    theta: number,
    G: number,
    softeningSq: number,
    quadrupole: boolean,
  ): { ax: number; ay: number } {
    const { x, y, m, order } = this;
    const xi = x[i];
    const yi = y[i];
    let ax = 0;
    let ay = 0;
    const stack = [0];
    while (stack.length > 0) {
      const k = stack.pop() as number;
      if (this.mass[k] === 0) continue;
      const dx = this.comX[k] - xi;
      const dy = this.comY[k] - yi;
      const d2 = dx * dx + dy * dy;
      const side = 2 * this.half[k];
      const inside =
        Math.abs(xi - this.cellX[k]) <= this.half[k] && Math.abs(yi - this.cellY[k]) <= this.half[k];
      if (!inside && side * side < theta * theta * d2) {
        const inv = 1 / Math.sqrt(d2 + softeningSq);
        const inv2 = inv * inv;
        const i3 = this.mass[k] * inv * inv2;
        if (!quadrupole) {
          ax += i3 * dx;
          ay += i3 * dy;
          continue;
        }
        const i5 = inv2 * inv2 * inv;
        const i7 = i5 * inv2;
        const qdx = this.qxx[k] * dx + this.qxy[k] * dy;
        const qdy = this.qxy[k] * dx + this.qyy[k] * dy;
        const diag = i3 + 2.5 * (dx * qdx + dy * qdy) * i7;
        ax += diag * dx - qdx * i5;
        ay += diag * dy - qdy * i5;
        continue;
      }
      const c = this.child[k];
      if (c >= 0) {
        stack.push(c, c + 1, c + 2, c + 3);
        continue;
      }
      for (let b = this.start[k]; b < this.end[k]; b++) {
        const j = order[b];
        const ex = x[j] - xi;
        const ey = y[j] - yi;
        const inv = 1 / Math.sqrt(ex * ex + ey * ey + softeningSq);
        const f = m[j] * inv * inv * inv;
        ax += f * ex;
        ay += f * ey;
      }
    }
    return { ax: G * ax, ay: G * ay };
  }
}
