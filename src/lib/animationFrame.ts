/**
 * Resolves at the next animation frame. Snapshot pumps wait for it between requests so a
 * page that draws fewer frames than the engine steps (a slow or throttled CPU) takes one
 * snapshot per frame it shows instead of a message per engine step; the worker drains
 * events and changes into whichever snapshot comes next, so none is lost.
 */
export const animationFrame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));
