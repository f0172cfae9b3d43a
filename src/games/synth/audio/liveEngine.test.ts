/**
 * The playhead's clock from the live engine: what the page's compositor animations are set
 * from (ui/usePlayhead.ts). Tone and the voices are stood in for; the audio clock is a
 * fake one that runs with the page's (fake) clock, at its own rate where a test drifts it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveEngine, type PlayheadClock, RESYNC_MS } from './liveEngine.ts';

const { audio, context } = vi.hoisted(() => {
  const audio = { rate: 1, origin: 5 };
  const context = {
    get currentTime() {
      return audio.origin + (performance.now() / 1000) * audio.rate;
    },
  };
  return { audio, context };
});

vi.mock('tone', () => ({ start: async () => {}, getContext: () => ({ rawContext: context }) }));
vi.mock('./mix.ts', () => ({
  createMaster: () => ({ input: { gain: { rampTo() {} } }, dispose() {} }),
  playStep() {},
  VoiceBank: class {
    voices = new Map();
    sync() {}
    dispose() {}
  },
}));

async function started() {
  const engine = await LiveEngine.start(1);
  const clocks: (PlayheadClock | null)[] = [];
  engine.onPlayhead((c) => clocks.push(c));
  return { engine, clocks };
}

describe('LiveEngine: the playhead clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
    });
    audio.rate = 1;
  });
  afterEach(() => vi.useRealTimers());

  it('is null until Play, then says when step 0 is heard and how long steps last', async () => {
    const { engine, clocks } = await started();
    expect(clocks).toEqual([null]);
    const now = performance.now();
    engine.play();
    expect(clocks).toHaveLength(2);
    const clock = clocks[1] as PlayheadClock;
    expect(clock.index).toBe(0);
    // Step 0 is scheduled 60 ms ahead of the audio clock; 100 BPM makes 150 ms steps.
    expect(clock.at).toBeCloseTo(now + 60, 6);
    expect(clock.stepMs).toBeCloseTo(150, 9);
    // Nothing more while the tempo and the clocks hold: no per-step or per-frame calls.
    vi.advanceTimersByTime(5000);
    expect(clocks).toHaveLength(2);
    engine.stop();
    expect(clocks.at(-1)).toBeNull();
    engine.dispose();
  });

  it('changes pace when the first step at the new tempo is heard, not before', async () => {
    const { engine, clocks } = await started();
    engine.play();
    const start = clocks[1] as PlayheadClock;
    vi.advanceTimersByTime(1000);
    engine.setBpm(150);
    // Steps already scheduled (up to 0.12 s ahead) keep the old tempo: no change yet.
    expect(clocks).toHaveLength(2);
    vi.advanceTimersByTime(400);
    expect(clocks).toHaveLength(3);
    const next = clocks[2] as PlayheadClock;
    expect(next.stepMs).toBeCloseTo(100, 9);
    // The new pace starts on a step of the old grid, at the time the old clock gives it.
    expect(next.at).toBeCloseTo(start.at + (next.index - start.index) * start.stepMs, 6);
    expect(next.at).toBeGreaterThan(start.at + 1000);
    expect(next.at).toBeLessThanOrEqual(performance.now());
    engine.dispose();
  });

  it('is set again when the audio clock has drifted more than RESYNC_MS from the page', async () => {
    const { engine, clocks } = await started();
    engine.play();
    const first = clocks[1] as PlayheadClock;
    // An audio clock 0.1 % slow: 8 ms apart after 8 s.
    audio.origin += (performance.now() / 1000) * 0.001;
    audio.rate = 0.999;
    vi.advanceTimersByTime(7000);
    expect(clocks).toHaveLength(2);
    vi.advanceTimersByTime(3000);
    expect(clocks).toHaveLength(3);
    const again = clocks[2] as PlayheadClock;
    expect(again.index).toBe(first.index);
    expect(again.stepMs).toBe(first.stepMs);
    expect(Math.abs(again.at - first.at)).toBeGreaterThan(RESYNC_MS);
    engine.dispose();
  });
});
