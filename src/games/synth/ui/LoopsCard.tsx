import { useRef, useState } from 'react';
import { useFields } from '../../../lib/useFields.ts';
import { confirmDialog } from '../../../platform/ui/asyncDialogs.tsx';
import type { Loop } from '../engine/document.ts';
import { useSynthStore } from './store.ts';
import { usePlayhead } from './usePlayhead.ts';

export const EMPTY_LOOPS_TEXT = 'No loops yet — design a sound, make a pattern, and Save Loop.';

function LoopRow({ loop, linked }: { loop: Loop; linked: boolean }) {
  const a = useSynthStore.getState();
  const [renaming, setRenaming] = useState(false);
  const cells = useRef<HTMLDivElement>(null);
  usePlayhead(cells);
  const kind = loop.params.instrumentType === 'drum' ? loop.params.drumType : loop.params.instrumentType;
  return (
    <li className={`synth-loop${loop.muted ? ' is-muted' : ''}${linked ? ' is-linked' : ''}`}>
      <div className="synth-loop__top">
        {renaming ? (
          <input
            className="synth-loop__rename"
            defaultValue={loop.name}
            aria-label={`New name for ${loop.name}`}
            maxLength={40}
            autoFocus
            onBlur={(e) => {
              a.renameLoop(loop.id, e.currentTarget.value);
              setRenaming(false);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur();
              if (e.key === 'Escape') setRenaming(false);
            }}
          />
        ) : (
          <span className="synth-loop__name">{loop.name}</span>
        )}
        <span className="synth-loop__meta">
          {loop.params.name} · {kind}
          {linked && <em className="synth-loop__badge">editing</em>}
        </span>
      </div>
      <div className="synth-loop__cells" ref={cells} aria-hidden="true">
        {loop.pattern.map((on, i) => (
          <span key={i} data-step={i} className={on ? 'is-on' : undefined}>
            <span className="synth-head synth-loop__head" />
          </span>
        ))}
      </div>
      <div className="synth-loop__actions">
        <button
          type="button"
          className="synth-btn synth-btn--small"
          aria-pressed={loop.muted}
          aria-label={`${loop.muted ? 'Unmute' : 'Mute'} ${loop.name}`}
          onClick={() => a.toggleMute(loop.id)}
        >
          {loop.muted ? 'Unmute' : 'Mute'}
        </button>
        <button
          type="button"
          className="synth-btn synth-btn--small"
          aria-label={`Rename ${loop.name}`}
          onClick={() => setRenaming(true)}
        >
          Rename
        </button>
        <button
          type="button"
          className="synth-btn synth-btn--small"
          aria-label={`Edit ${loop.name}`}
          onClick={() => a.editLoop(loop.id)}
        >
          Edit
        </button>
        <button
          type="button"
          className="synth-btn synth-btn--small synth-btn--danger"
          aria-label={`Delete ${loop.name}`}
          onClick={async () => {
            // Platform spec §5: deletions ask for confirmation (loops are not in the undo history).
            const sure = await confirmDialog(`Delete "${loop.name}"? Its sound and pattern go with it.`, {
              title: 'Delete loop',
              okLabel: 'Delete',
              danger: true,
            });
            if (sure) a.deleteLoop(loop.id);
          }}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

export function LoopsCard() {
  const { loops, linkedLoopId } = useFields(useSynthStore, ['loops', 'linkedLoopId']);
  const a = useSynthStore.getState();
  const linked = loops.find((l) => l.id === linkedLoopId);
  return (
    <section className="synth-card synth-card--loops" aria-labelledby="synth-loops-title">
      <header className="synth-card__head">
        <h2 id="synth-loops-title">Loops</h2>
        <span className="synth-card__sub">
          {loops.length > 0 && `${loops.filter((l) => !l.muted).length} of ${loops.length} playing`}
        </span>
        {linked && (
          <button type="button" className="synth-btn synth-btn--ghost" onClick={a.updateLinkedLoop}>
            Update {linked.name}
          </button>
        )}
        <button type="button" className="synth-btn" onClick={a.saveLoop}>
          Save Loop
        </button>
      </header>
      {loops.length === 0 ? (
        <p className="synth-empty">{EMPTY_LOOPS_TEXT}</p>
      ) : (
        <ul className="synth-loops">
          {loops.map((l) => (
            <LoopRow key={l.id} loop={l} linked={l.id === linkedLoopId} />
          ))}
        </ul>
      )}
    </section>
  );
}
