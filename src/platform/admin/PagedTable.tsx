import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

/** One page of a list the server pages, and how many there are in all. */
export interface PageOf<T> {
  items: T[];
  total: number;
}

export interface PagedTableProps<T> {
  /** Items a page (the server's limit). */
  pageSize: number;
  /** Fetches the page starting at `offset` (items); throws when it fails. */
  load: (offset: number) => Promise<PageOf<T>>;
  /** The pager's accessible name, e.g. 'Track pages'. */
  pagerLabel: string;
  /** Shown when there is nothing at all. */
  emptyText: string;
  /** Shown (role alert) when a page fails to load; `onError` instead, when given, reports it. */
  errorText?: string;
  onError?: (error: unknown) => void;
  /** The rows of one page; `reload` fetches the current page again (after a delete or an update). */
  children: (items: T[], reload: () => Promise<void>) => ReactNode;
}

type State<T> =
  | { phase: 'loading' }
  | { phase: 'error' }
  | { phase: 'ready'; items: T[]; total: number; at: number };

/**
 * The admin console's paged list (tracks, scores, users): loading, error and empty states,
 * the current page's rows, and a pager with Previous / Next, the page and the total. A page
 * left empty by a delete steps back to the last page that has rows. Give it a new `key` to
 * start over at page 1 (a new search or filter).
 */
export function PagedTable<T>({
  pageSize,
  load,
  pagerLabel,
  emptyText,
  errorText,
  onError,
  children,
}: PagedTableProps<T>) {
  const [offset, setOffset] = useState(0);
  const [state, setState] = useState<State<T>>({ phase: 'loading' });
  const latest = useRef(0);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const fetchPage = useCallback(
    async (at: number) => {
      const call = ++latest.current;
      try {
        const page = await load(at);
        if (call !== latest.current) return;
        const last = Math.max(0, Math.floor((page.total - 1) / pageSize) * pageSize);
        if (page.items.length === 0 && at > 0 && last !== at) {
          // Past the end (the last rows of the last page were deleted): the last page with rows.
          setOffset(last);
          return;
        }
        setState({ phase: 'ready', items: page.items, total: page.total, at });
      } catch (error) {
        if (call !== latest.current) return;
        console.error(`${pagerLabel}: failed to load`, error);
        onErrorRef.current?.(error);
        setState((s) => (s.phase === 'ready' && onErrorRef.current ? s : { phase: 'error' }));
      }
    },
    [load, pageSize, pagerLabel],
  );

  useEffect(() => {
    void fetchPage(offset);
  }, [fetchPage, offset]);

  const reload = useCallback(() => fetchPage(offset), [fetchPage, offset]);

  if (state.phase === 'loading') return <p className="pf-muted">Loading…</p>;
  if (state.phase === 'error')
    return onError ? null : (
      <p className="pf-error" role="alert">
        {errorText ?? 'Failed to load'}
      </p>
    );
  if (state.total === 0 || state.items.length === 0) return <p className="pf-muted">{emptyText}</p>;

  // What is shown is the page that arrived (`at`); `offset` may already ask for the next one.
  const { at, items, total } = state;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.floor(at / pageSize) + 1;
  // One pager above the rows (the total at a glance; no scrolling past 50 cards to turn the
  // page on a phone) and one below them; the same buttons, named apart as landmarks.
  const pager = (name: string) => (
    <nav className="admin-pager" aria-label={name}>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={at === 0}
        onClick={() => setOffset(Math.max(0, at - pageSize))}
      >
        Previous
      </button>
      <span className="admin-pager__where">
        <span>
          Page {page} of {pages}
        </span>
        <span className="admin-pager__range">
          {at + 1}–{at + items.length} of {total}
        </span>
      </span>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={page >= pages}
        onClick={() => setOffset(at + pageSize)}
      >
        Next
      </button>
    </nav>
  );
  return (
    <>
      {pager(pagerLabel)}
      {children(items, reload)}
      {pager(`${pagerLabel}, end of list`)}
    </>
  );
}
