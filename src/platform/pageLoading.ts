import { useSyncExternalStore } from 'react';

/**
 * Whether a page's lazy chunk is loading, for the thin bar along the top (AppLayout). The
 * route table wraps each page's import with trackPageLoad.
 */
let pending = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  pending++;
  emit();
  return load.finally(() => {
    pending--;
    emit();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}
