/**
 * The baseline: a direct-sum N-body step over an array of body objects, the way most
 * open-source browser gravity sandboxes write it (p5.js-style immutable vectors, forEach
 * over every ordered pair, semi-implicit Euler, a second all-pairs pass for collisions).
 * Same constants and merge rule as the engine, no cutoff.
 */
import { SOFTENING_SQ, SUB_STEP } from '../../src/games/gravity/engine/constants.ts';
import type { BodyInit } from '../../src/games/gravity/engine/world.ts';

/** The immutable 2-D vector of p5.js-style sandboxes: every operation allocates. */
class Vector {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
  add(v: Vector): Vector {
    return new Vector(this.x + v.x, this.y + v.y);
  }
  sub(v: Vector): Vector {
    return new Vector(this.x - v.x, this.y - v.y);
  }
  mult(s: number): Vector {
    return new Vector(this.x * s, this.y * s);
  }
  mag(): number {
    return Math.sqrt(this.x * this.x + this.y * this.y);
  }
  normalize(): Vector {
    const m = this.mag();
    return m === 0 ? new Vector(0, 0) : this.mult(1 / m);
  }
}

export interface NaiveBody {
  position: Vector;
  velocity: Vector;
  acceleration: Vector;
  mass: number;
  radius: number;
  isStar: boolean;
}

export function naiveBodies(inits: readonly BodyInit[]): NaiveBody[] {
  return inits.map((b) => ({
    position: new Vector(b.x, b.y),
    velocity: new Vector(b.vx, b.vy),
    acceleration: new Vector(0, 0),
    mass: b.mass,
    radius: b.radius,
    isStar: b.kind === 1,
  }));
}

export function naiveStep(bodies: NaiveBody[], gravity: number): void {
  // Every body pulls every other one.
  bodies.forEach((a) => {
    bodies.forEach((b) => {
      if (a === b) return;
      const direction = b.position.sub(a.position);
      const distance = Math.sqrt(direction.mag() ** 2 + SOFTENING_SQ);
      const strength = (gravity * a.mass * b.mass) / (distance * distance);
      const force = direction.normalize().mult(strength);
      a.acceleration = a.acceleration.add(force.mult(1 / a.mass));
    });
  });
  bodies.forEach((body) => {
    body.velocity = body.velocity.add(body.acceleration.mult(SUB_STEP));
    body.position = body.position.add(body.velocity.mult(SUB_STEP));
    body.acceleration = new Vector(0, 0);
  });
  // Collisions: every pair again; the heavier absorbs the lighter.
  const absorbed = new Set<NaiveBody>();
  bodies.forEach((a, i) => {
    bodies.slice(i + 1).forEach((b) => {
      if (absorbed.has(a) || absorbed.has(b)) return;
      if (b.position.sub(a.position).mag() >= a.radius + b.radius) return;
      const [big, small] = a.mass >= b.mass ? [a, b] : [b, a];
      const m = big.mass + small.mass;
      big.velocity = big.velocity
        .mult(big.mass)
        .add(small.velocity.mult(small.mass))
        .mult(1 / m);
      big.mass = m;
      big.radius += small.radius / 4;
      absorbed.add(small);
    });
  });
  if (absorbed.size) {
    const kept = bodies.filter((b) => !absorbed.has(b));
    bodies.length = 0;
    bodies.push(...kept);
  }
}

/**
 * For scale: the tight version of the same all-pairs sum (typed arrays, each pair once).
 * What a careful O(n²) implementation costs; the engine's neighbour list beats it by skipping
 * planet pairs beyond the neighbour cutoff.
 */
export function typedDirectSum(
  x: Float64Array,
  y: Float64Array,
  m: Float64Array,
  ax: Float64Array,
  ay: Float64Array,
  n: number,
  gravity: number,
): void {
  ax.fill(0, 0, n);
  ay.fill(0, 0, n);
  for (let i = 0; i < n; i++) {
    const xi = x[i];
    const yi = y[i];
    const mi = m[i];
    let axi = 0;
    let ayi = 0;
    for (let j = i + 1; j < n; j++) {
      const dx = x[j] - xi;
      const dy = y[j] - yi;
      const inv = 1 / Math.sqrt(dx * dx + dy * dy + SOFTENING_SQ);
      const inv3 = inv * inv * inv;
      axi += m[j] * dx * inv3;
      ayi += m[j] * dy * inv3;
      ax[j] -= mi * dx * inv3;
      ay[j] -= mi * dy * inv3;
    }
    ax[i] += gravity * axi;
    ay[i] += gravity * ayi;
  }
}
