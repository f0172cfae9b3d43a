/** The roll history: the latest rolls, newest first, each with its notation, total and detail. */
import { memo, useDeferredValue } from 'react';
import type { HistoryEntry } from '../engine/history.ts';
import { useCritStore } from './store.ts';

const HistoryItem = memo(function HistoryItem({ entry: h }: { entry: HistoryEntry }) {
  return (
    <li className={h.crit ? `is-${h.crit}` : undefined}>
      <span className="crit-history__head">
        <span>
          #{h.n} {h.notation}
          {h.mode !== 'normal' && ` (${h.mode})`}
        </span>
        <strong>{h.total}</strong>
      </span>
      <span className="crit-history__detail">{h.detail}</span>
    </li>
  );
});

export const History = memo(function History() {
  const history = useDeferredValue(useCritStore((s) => s.history));
  if (history.length === 0) return <p className="crit-help">Your rolls will be listed here.</p>;
  return (
    <ol className="crit-history" aria-label="Roll history">
      {history.map((h) => (
        <HistoryItem key={h.n} entry={h} />
      ))}
    </ol>
  );
});
