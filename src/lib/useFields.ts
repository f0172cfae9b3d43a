import type { StoreApi, UseBoundStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';

/**
 * The fields `keys` of a zustand store's state, as one object that changes only when one of
 * them does (a shallow compare): a component re-renders for what it shows, not for every
 * change of the store.
 */
export function useFields<S, K extends keyof S>(
  store: UseBoundStore<StoreApi<S>>,
  keys: readonly K[],
): Pick<S, K> {
  return store(
    useShallow((state: S) => {
      const picked = {} as Pick<S, K>;
      for (const key of keys) picked[key] = state[key];
      return picked;
    }),
  );
}
