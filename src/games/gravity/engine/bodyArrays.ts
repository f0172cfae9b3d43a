import { PATH_TRAIL_MAX_POINTS, TRAIL_MAX_POINTS } from './constants.ts';

/**
 * The bodies as struct-of-arrays over typed arrays: index 0..count-1 live, grown by
 * doubling, a removal filled by moving the last body into the hole. Each body's trails
 * live in a slot of their own, so that move carries an index, not 1,600 floats.
 */
export class BodyArrays {
  count = 0;
  capacity = 0;
  id!: Int32Array;
  kind!: Uint8Array;
  type!: Uint8Array;
  x!: Float64Array;
  y!: Float64Array;
  vx!: Float64Array;
  vy!: Float64Array;
  ax!: Float64Array;
  ay!: Float64Array;
  mass!: Float64Array;
  radius!: Float64Array;
  color!: Uint32Array;
  /** Temperature for stars, density for planets. */
  warmth!: Float64Array;
  angularVelocity!: Float64Array;
  angle!: Float64Array;
  flash!: Int32Array;
  collides!: Uint8Array;
  /** Each body's slot in the trail ring buffers. */
  trailSlot!: Int32Array;
  trail!: Float32Array;
  trailHead!: Int32Array;
  trailLen!: Int32Array;
  /** Planets' path trails (PATH_TRAIL_MAX_POINTS a slot), in the same slots as the trails. */
  pathTrail!: Float32Array;
  pathTrailHead!: Int32Array;
  pathTrailLen!: Int32Array;
  private freeSlots: number[] = [];
  private slotCount = 0;

  constructor(capacity: number) {
    this.grow(Math.max(8, capacity));
  }

  private grow(min: number): void {
    const cap = Math.max(min, this.capacity * 2);
    const f64 = (old: Float64Array | undefined) => {
      const a = new Float64Array(cap);
      if (old) a.set(old.subarray(0, this.count));
      return a;
    };
    this.id = copyInto(new Int32Array(cap), this.id, this.count);
    this.kind = copyInto(new Uint8Array(cap), this.kind, this.count);
    this.type = copyInto(new Uint8Array(cap), this.type, this.count);
    this.color = copyInto(new Uint32Array(cap), this.color, this.count);
    this.flash = copyInto(new Int32Array(cap), this.flash, this.count);
    this.collides = copyInto(new Uint8Array(cap), this.collides, this.count);
    this.trailSlot = copyInto(new Int32Array(cap), this.trailSlot, this.count);
    this.x = f64(this.x);
    this.y = f64(this.y);
    this.vx = f64(this.vx);
    this.vy = f64(this.vy);
    this.ax = f64(this.ax);
    this.ay = f64(this.ay);
    this.mass = f64(this.mass);
    this.radius = f64(this.radius);
    this.warmth = f64(this.warmth);
    this.angularVelocity = f64(this.angularVelocity);
    this.angle = f64(this.angle);
    // Slots, not indices, address the trails: all of them are kept, not the first count.
    const trail = new Float32Array(cap * TRAIL_MAX_POINTS * 2);
    if (this.trail) trail.set(this.trail);
    this.trail = trail;
    this.trailHead = copyInto(new Int32Array(cap), this.trailHead, this.capacity);
    this.trailLen = copyInto(new Int32Array(cap), this.trailLen, this.capacity);
    const pathTrail = new Float32Array(cap * PATH_TRAIL_MAX_POINTS * 2);
    if (this.pathTrail) pathTrail.set(this.pathTrail);
    this.pathTrail = pathTrail;
    this.pathTrailHead = copyInto(new Int32Array(cap), this.pathTrailHead, this.capacity);
    this.pathTrailLen = copyInto(new Int32Array(cap), this.pathTrailLen, this.capacity);
    this.capacity = cap;
  }

  /**
   * A new last index for body `id`, with empty trails in a free slot, not spinning and not
   * flashing; the caller writes the rest of the body.
   */
  protected appendIndex(id: number): number {
    if (this.count === this.capacity) this.grow(this.count + 1);
    const i = this.count++;
    this.id[i] = id;
    const slot = this.freeSlots.length ? this.freeSlots.pop()! : this.slotCount++;
    this.trailSlot[i] = slot;
    this.angle[i] = 0;
    this.flash[i] = 0;
    this.trailHead[slot] = -1;
    this.trailLen[slot] = 0;
    this.pathTrailHead[slot] = -1;
    this.pathTrailLen[slot] = 0;
    return i;
  }

  /** Body i leaves, its trail slot freed; the last body moves into its index. */
  protected removeIndex(i: number): void {
    this.freeSlots.push(this.trailSlot[i]);
    const last = --this.count;
    if (i !== last) this.moveIndex(last, i);
  }

  private moveIndex(from: number, to: number): void {
    this.id[to] = this.id[from];
    this.kind[to] = this.kind[from];
    this.type[to] = this.type[from];
    this.x[to] = this.x[from];
    this.y[to] = this.y[from];
    this.vx[to] = this.vx[from];
    this.vy[to] = this.vy[from];
    this.ax[to] = this.ax[from];
    this.ay[to] = this.ay[from];
    this.mass[to] = this.mass[from];
    this.radius[to] = this.radius[from];
    this.color[to] = this.color[from];
    this.warmth[to] = this.warmth[from];
    this.angularVelocity[to] = this.angularVelocity[from];
    this.angle[to] = this.angle[from];
    this.flash[to] = this.flash[from];
    this.collides[to] = this.collides[from];
    this.trailSlot[to] = this.trailSlot[from];
  }

  /** Every body leaves, and every trail slot is free again. */
  protected removeAll(): void {
    this.count = 0;
    this.freeSlots = [];
    this.slotCount = 0;
  }

  indexOf(id: number): number {
    const ids = this.id;
    for (let i = 0; i < this.count; i++) if (ids[i] === id) return i;
    return -1;
  }
}

function copyInto<T extends Int32Array | Uint8Array | Uint32Array>(
  fresh: T,
  old: T | undefined,
  n: number,
): T {
  if (old) fresh.set(old.subarray(0, n) as never);
  return fresh;
}
