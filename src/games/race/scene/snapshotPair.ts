/**
 * The two newest snapshots a scene draws between (previous → current), and the cars buffer
 * it may hand back to the worker for reuse: only one that has dropped out of the pair, as
 * a buffer handed back is transferred (emptied) and interpolating from it would draw
 * nothing between snapshots.
 */
export class SnapshotPair<S extends { cars: Float32Array }> {
  prev: S | null = null;
  curr: S | null = null;
  private retired: S | null = null;

  push(snapshot: S): void {
    this.retired = this.prev;
    this.prev = this.curr;
    this.curr = snapshot;
  }

  /** The cars buffer of the snapshot before `prev`, once (null when there is none). */
  takeSpare(): Float32Array | null {
    const cars = this.retired?.cars ?? null;
    this.retired = null;
    return cars;
  }
}
