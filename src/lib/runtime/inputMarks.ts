/**
 * Input-to-screen markers for the frames bench. The page marks an input it forwards
 * (`markInput`, which numbers it); the scene learns the number with the input or in the
 * engine's snapshot that applied it, and reports the newest number its drawn frame shows
 * (`GameScene.shownInput`); the render host then marks `bench:shown` on its own thread. The
 * bench reads both marks from one trace (workers and page share its clock).
 *
 * User-timing marks cost a few microseconds and only the bench reads them, so they are
 * always on: one code path in tests, the bench and play.
 */

export const INPUT_MARK = 'bench:input';
export const SHOWN_MARK = 'bench:shown';

let lastSeq = 0;

/** Marks an input the player made that the screen should show; returns its number. */
export function markInput(kind: string): number {
  lastSeq += 1;
  performance.mark(INPUT_MARK, { detail: { seq: lastSeq, kind } });
  return lastSeq;
}

/** Marks the frame just drawn as the first to show input `seq` (and every one before it). */
export function markShown(seq: number): void {
  performance.mark(SHOWN_MARK, { detail: { seq } });
}
