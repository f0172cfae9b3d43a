import type { ApplicationOptions } from 'pixi.js';
// Pixi's browser extensions, chosen one by one instead of all of them (`skipExtensionImports`
// below): the event system (kept for what it sets on the canvas, such as touch-action) and
// filters. Left out: DOMContainer (unused) and the accessibility system, which on a phone or
// tablet adds a focusable, unlabelled-looking 1 px <button> ("select to enable accessibility
// for this content") off screen to every game page, and on desktop listens to every keydown
// and, after one Tab, walks the whole stage every frame to mirror `accessible` objects, of
// which the games have none: their controls are real DOM.
import 'pixi.js/events';
import 'pixi.js/filters';

/**
 * Application options every game scene shares.
 *
 * The scenes take input from DOM listeners on their canvas, never from Pixi's event
 * system, so its features are off: otherwise Pixi handles every pointer move anywhere on
 * the document (Chromium's synthetic ones after a layout change under a resting mouse
 * included) with a getBoundingClientRect, which forces layout, and a hit test of the
 * whole scene graph.
 */
export const PIXI_SCENE_OPTIONS = {
  eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
  skipExtensionImports: true,
} as const satisfies Partial<ApplicationOptions>;
