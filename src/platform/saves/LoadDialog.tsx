import { useEffect, useState } from 'react';
import { Dialog } from '../ui/Dialog.tsx';
import { LOAD_DIALOG_LIMIT, listSaves, type SaveListItem } from './savesClient.ts';
import './saves.css';

export interface LoadDialogProps {
  open: boolean;
  appId: string;
  onClose: () => void;
  /** The chosen item; the caller fetches and applies it. */
  onChoose: (item: SaveListItem) => void;
  /** True while a chosen item is being fetched. */
  busy?: boolean;
}

type ListState =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'ready'; items: SaveListItem[] };

export function formatSavedAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The list of a game's saves (spec §2): loading, error, empty and list states. */
export function LoadDialog({ open, appId, onClose, onChoose, busy = false }: LoadDialogProps) {
  const [list, setList] = useState<ListState>({ phase: 'loading' });

  useEffect(() => {
    if (!open) return;
    let live = true;
    setList({ phase: 'loading' });
    listSaves(appId, { limit: LOAD_DIALOG_LIMIT })
      .then((items) => live && setList({ phase: 'ready', items }))
      .catch((error: unknown) => {
        const server = error instanceof Error && error.message !== 'List failed' ? error.message : '';
        if (live) setList({ phase: 'error', message: server || 'Failed to load saved items' });
      });
    return () => {
      live = false;
    };
  }, [open, appId]);

  return (
    <Dialog open={open} onClose={onClose} title="Load" className="load-dialog">
      {list.phase === 'loading' && <p className="pf-muted">Loading…</p>}
      {list.phase === 'error' && (
        <p className="pf-error" role="alert">
          {list.message}
        </p>
      )}
      {list.phase === 'ready' && list.items.length === 0 && <p className="pf-muted">No saved items yet.</p>}
      {list.phase === 'ready' && list.items.length > 0 && (
        <ul className="load-dialog__list" aria-busy={busy}>
          {list.items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="load-dialog__item"
                disabled={busy}
                onClick={() => onChoose(item)}
              >
                <span className="load-dialog__name">{item.key}</span>
                <span className="load-dialog__date">{formatSavedAt(item.updatedAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
