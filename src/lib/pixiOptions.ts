import type { ApplicationOptions } from 'pixi.js';

/**
 * Application options every game scene shares.
 *
 * The scenes take input from DOM listeners on their canvas, never from Pixi's event
 * system, so its features are off: otherwise Pixi handles every pointer move anywhere on
 * the document (Chromium's synthetic ones after a layout change under a resting mouse
 * included) with a getBoundingClientRect, which forces layout, and a hit test of the
 * whole scene graph.
 */
export const NO_PIXI_EVENTS = {
  eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
} as const satisfies Partial<ApplicationOptions>;
