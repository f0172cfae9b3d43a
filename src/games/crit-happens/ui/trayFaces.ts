/**
 * The tray's values while a roll plays, written into its rows' cells as each die comes to
 * rest, outside React and the store. A settle that went through the store made a new pool,
 * ran every store selector of the page and rendered the tray (twice, with its deferred
 * value) 20 times a roll, each one a frame's script, style, layout and paint; now it is one
 * text node's value. The store learns the faces once, when the roll ends (finishRoll), and
 * the rows then show the same text, so React writes nothing more into these cells.
 *
 * The rows' value cells are React's elements whose text only `show` writes (TrayItem's layout
 * effect at each render that changes it, this class between them), so the two never disagree.
 */
import { writeText } from '../../../lib/domText.ts';
import { type Die, type TrayEntry, trayEntries, trayValueText } from '../engine/dice.ts';

export class TrayFaces {
  private readonly cells = new Map<string, Element>();
  /** The roll's dice (the class's own copies, changed in place as they settle) and the entry of each. */
  private dice: Die[] = [];
  private entryOf: TrayEntry[] = [];

  /** A row's value cell as it mounts (a ref callback's body); the function returned forgets it. */
  attach(entryId: string, cell: Element): () => void {
    this.cells.set(entryId, cell);
    return () => {
      if (this.cells.get(entryId) === cell) this.cells.delete(entryId);
    };
  }

  /** Shows an entry's text in its row (nothing when the row is not in the page). */
  show(entryId: string, text: string): void {
    writeText(this.cells.get(entryId) ?? null, text);
  }

  /** A roll of these dice starts (the pool as beginRoll left it: every die tumbling). */
  begin(dice: readonly Die[]): void {
    this.dice = dice.map((d) => ({ ...d }));
    this.entryOf = [];
    for (const entry of trayEntries({ dice: this.dice, nextId: 0 }))
      for (const die of entry.dice) this.entryOf[this.dice.indexOf(die)] = entry;
  }

  /** Die `index` of the roll came to rest on `face`: its row shows its value once its entry's dice all have. */
  settle(index: number, face: number): void {
    const die = this.dice[index];
    const entry = this.entryOf[index];
    if (!die || !entry) return;
    die.rolling = false;
    die.face = face;
    this.show(entry.id, trayValueText(entry));
  }
}
