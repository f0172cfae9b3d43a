import { describe, expect, it } from 'vitest';
import { RENDER_WORKER_URL, summarizeDrawing } from './drawing.ts';

describe('what a scene drew', () => {
  it('counts frames with at least one draw call per second, and draw calls per drawn frame', () => {
    // 85 animation frames 25 ms apart (2.1 s): 60 drawn with 7 calls and 5 with 12, 20 with nothing drawn.
    const perFrame = [...Array(60).fill(7), 12, 12, 12, 12, 12, ...Array(20).fill(0)];
    const at = perFrame.map((_, i) => 1000 + i * 25);
    const summary = summarizeDrawing({ perFrame, at })!;
    // 64 drawn frames end within the 2.1 s from the first frame to the last.
    expect(summary.drawnFps).toBeCloseTo(64 / 2.1, 6);
    expect(summary.drawnFrames).toBe(65);
    expect(summary.drawCallsMean).toBeCloseTo((60 * 7 + 60) / 65, 6);
    expect(summary.drawCallsP95).toBe(12);
  });

  it('has nothing to say about a realm that drew nothing', () => {
    expect(summarizeDrawing({ perFrame: [0, 0, 0], at: [0, 16, 33] })).toBeNull();
    expect(summarizeDrawing({ perFrame: [], at: [] })).toBeNull();
    expect(summarizeDrawing({ perFrame: [5], at: [16] })).toBeNull();
  });

  it('knows a render worker by its built script’s name', () => {
    expect(RENDER_WORKER_URL.test('http://127.0.0.1:4191/assets/gravity-render.worker-C8vcBFvr.js')).toBe(
      true,
    );
    expect(RENDER_WORKER_URL.test('http://127.0.0.1:4191/assets/gravity.worker-IGC7V8FZ.js')).toBe(false);
    expect(
      RENDER_WORKER_URL.test('http://127.0.0.1:4191/workers/race-render.worker.ts?worker_file&type=module'),
    ).toBe(true);
  });
});
