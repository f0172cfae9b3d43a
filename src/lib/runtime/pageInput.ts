/** What a game session hears from the page while it plays: keys, the window losing focus, the tab hidden or shown. */
export interface PageInput {
  keydown: (event: KeyboardEvent) => void;
  keyup: (event: KeyboardEvent) => void;
  /** The window lost focus: keys held now will never see their keyup. */
  blur: () => void;
  visibilitychange: () => void;
}

/**
 * Listens for `input` until `signal` aborts. A session calls it first thing in its
 * `start`, before it awaits its scene: a game begun while the render worker still starts
 * plays, and its keys must not go unheard.
 */
export function listenToPage(input: PageInput, signal: AbortSignal): void {
  window.addEventListener('keydown', input.keydown, { signal });
  window.addEventListener('keyup', input.keyup, { signal });
  window.addEventListener('blur', input.blur, { signal });
  document.addEventListener('visibilitychange', input.visibilitychange, { signal });
}
