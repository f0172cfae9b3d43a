/**
 * How often the page's readouts refresh: the scene's figures (the header's count) and the
 * selected body's, asked of the engine at the same rate. Each refresh is a task, changed text,
 * a layout and a paint on the main thread; twice a second keeps them readable and out of
 * most frames. A module of its own so the page takes the figure without the Pixi scene.
 */
export const GRAVITY_HUD_MS = 500;

/** What the page's readouts show, sampled every GRAVITY_HUD_MS. */
export interface GravityHud {
  bodies: number;
  step: number;
  /** A digest of where the first bodies are (the end-to-end tests watch it change). */
  motion: number;
}
