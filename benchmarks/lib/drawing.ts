/**
 * What a canvas game draws, counted in the realm that draws it (the page, or its render
 * worker): WebGL draw calls per frame and frames drawn per second, and a user-timing mark at
 * each of that realm's animation frames, which gives a worker's frames their boundaries in a
 * trace (a worker has no `BeginMainThreadFrame`).
 *
 * The counter wraps the draw methods of the WebGL prototypes: Pixi looks them up on its
 * context at every call, so a wrapper installed while the scene already runs sees every draw.
 * Its own requestAnimationFrame callback runs in the same animation frame as the scene's, so
 * each tick's count is one frame's draws. It costs a function call per draw, and in a worker
 * one mark a frame (the page's frames have their own trace events, so the page gets none).
 */
import type { Page, Worker } from 'playwright-core';

/** The user-timing mark set at each animation frame of the counted realm (trace category blink.user_timing). */
export const FRAME_MARK = 'bench:frame';

/** A render worker's script, as `workers/<game>-render.worker.ts` is built (`<game>-render.worker-<hash>.js`). */
export const RENDER_WORKER_URL = /-render\.worker[-.][^/]*$/;

/*
 * Page scripts are strings, not functions: tsx compiles functions with a `__name` helper
 * that does not exist in the page.
 */
const installScript = (mark: boolean) => `(() => {
  if (self.__benchDrawing) return true;
  const state = (self.__benchDrawing = { on: false, draws: 0, perFrame: [], at: [] });
  const methods = ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced', 'drawRangeElements'];
  for (const type of [self.WebGLRenderingContext, self.WebGL2RenderingContext]) {
    if (!type) continue;
    for (const name of methods) {
      const draw = type.prototype[name];
      if (typeof draw !== 'function') continue;
      type.prototype[name] = function (...args) {
        state.draws++;
        return draw.apply(this, args);
      };
    }
  }
  const tick = (now) => {
    if (state.on) {
      state.perFrame.push(state.draws);
      state.at.push(now);
      ${mark ? `performance.mark(${JSON.stringify(FRAME_MARK)});` : ''}
    }
    state.draws = 0;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return true;
})()`;

const START_SCRIPT = `(() => {
  const state = self.__benchDrawing;
  state.perFrame = [];
  state.at = [];
  state.on = true;
})()`;

const STOP_SCRIPT = `(() => {
  const state = self.__benchDrawing;
  state.on = false;
  return { perFrame: state.perFrame, at: state.at };
})()`;

/** What one realm drew over a recording: draw calls in each of its animation frames, and when each ran. */
export interface DrawingRecord {
  perFrame: number[];
  /** Each animation frame's time (its callback's timestamp), ms, in that realm's clock. */
  at: number[];
}

export interface DrawingSummary {
  /** Animation frames in which the scene drew (at least one draw call), per second. */
  drawnFps: number;
  /** Draw calls per drawn frame: mean and p95 (nearest rank). */
  drawCallsMean: number;
  drawCallsP95: number;
  drawnFrames: number;
}

/**
 * Frames drawn per second (over the span from the first animation frame to the last, so the
 * driver's commands around the recording do not stretch it) and draw calls per drawn frame;
 * null when the realm drew nothing (a DOM game) or ran fewer than two animation frames.
 */
export function summarizeDrawing(record: DrawingRecord): DrawingSummary | null {
  const { perFrame, at } = record;
  const span = at.length >= 2 ? at[at.length - 1] - at[0] : 0;
  const drawn = perFrame.filter((n) => n > 0).sort((a, b) => a - b);
  if (!drawn.length || !(span > 0)) return null;
  // Frames ending in the span: every one after the first.
  const drawnInSpan = perFrame.slice(1).filter((n) => n > 0).length;
  return {
    drawnFps: (drawnInSpan * 1000) / span,
    drawCallsMean: drawn.reduce((sum, n) => sum + n, 0) / drawn.length,
    drawCallsP95: drawn[Math.max(0, Math.ceil(0.95 * drawn.length) - 1)],
    drawnFrames: drawn.length,
  };
}

/** The realm a page's scene draws in: its render worker when it has one, else the page. */
export interface DrawingCounter {
  /** 'worker' when the scene draws in a render worker, 'page' otherwise. */
  realm: 'worker' | 'page';
  /** The render worker's script URL, when it draws in one. */
  workerUrl?: string;
  start(): Promise<void>;
  stop(): Promise<DrawingRecord>;
}

/**
 * Installs the counter where the page's scene draws (call once the scene runs); null for a
 * page with neither a render worker nor a canvas (a DOM game: nothing to count).
 */
export async function installDrawingCounter(
  page: Page,
  workerUrl: RegExp = RENDER_WORKER_URL,
): Promise<DrawingCounter | null> {
  const worker: Worker | undefined = page.workers().find((w) => workerUrl.test(w.url()));
  if (!worker && !(await page.evaluate(`document.querySelector('canvas') !== null`))) return null;
  const evaluate = (script: string): Promise<unknown> =>
    worker ? worker.evaluate(script) : page.evaluate(script);
  await evaluate(installScript(worker !== undefined));
  return {
    realm: worker ? 'worker' : 'page',
    workerUrl: worker?.url(),
    start: async () => {
      await evaluate(START_SCRIPT);
    },
    stop: async () => (await evaluate(STOP_SCRIPT)) as DrawingRecord,
  };
}
