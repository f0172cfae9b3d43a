/** What a table roll does to the page's own dice state before the arena plays it. */
import { formatNotation } from '../engine/notation.ts';
import type { ReadTableRoll } from '../engine/tableRoll.ts';
import { useCritStore } from './store.ts';

/** The roll's dice, formula and mode replace the pool, as typed notation would. */
export function loadTableRollPool({ pool, formula, mode }: ReadTableRoll): void {
  useCritStore.setState({
    pool,
    formula,
    mode,
    notationText: formatNotation(formula),
    notationError: null,
    outcome: null,
    overlay: null,
  });
}
