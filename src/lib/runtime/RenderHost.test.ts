import { describe, expect, it, vi } from 'vitest';
import { SnapshotServer } from '../snapshotPort.ts';
import { TestClock } from './clock.ts';
import type { GameScene } from './GameScene.ts';
import { INPUT_MARK, markInput, SHOWN_MARK } from './inputMarks.ts';
import { type HudMessage, RenderHost } from './RenderHost.ts';
import { SnapshotRequests } from './SnapshotRequests.ts';

interface Step {
  step: number;
  buffer: Float32Array;
}

/** A scene that records what it is given and recycles each snapshot's buffer when the next comes. */
class RecordingScene implements GameScene<Step, string, { step: number }, Float32Array> {
  pushed: number[] = [];
  drawn: number[] = [];
  inputs: string[] = [];
  destroyed = false;
  private latest: Step | null = null;
  async init() {}
  resize() {}
  setEnvironment() {}
  push(snapshot: Step) {
    const spent = this.latest?.buffer;
    this.latest = snapshot;
    this.pushed.push(snapshot.step);
    return spent;
  }
  input(input: string) {
    this.inputs.push(input);
  }
  draw(alpha: number) {
    this.drawn.push(alpha);
  }
  hud() {
    return { step: this.latest?.step ?? -1 };
  }
  destroy() {
    this.destroyed = true;
  }
}

/** Starts `host` on a stand-in canvas of 10 × 10; its HUD comes out of the returned channel's port1. */
async function initHost<S, I, H, R>(host: RenderHost<S, I, H, R>): Promise<MessageChannel> {
  const hud = new MessageChannel();
  await host.init({} as never, { width: 10, height: 10, resolution: 1 }, { reducedMotion: false }, hud.port2);
  return hud;
}

describe('RenderHost', () => {
  it('takes one snapshot per frame from the engine port, hands spent buffers back, and posts the HUD at most 10 times a second', async () => {
    const clock = new TestClock();
    const scene = new RecordingScene();
    const host = new RenderHost<Step, string, { step: number }, Float32Array>({
      createScene: () => scene,
      transferOf: (buffer) => [buffer.buffer as ArrayBuffer],
      frames: { requestFrame: clock.requestFrame, cancelFrame: clock.cancelFrame },
      now: () => clock.now(),
    });
    // The engine side: each request answered with the next step, in the buffer handed back.
    const server = new SnapshotServer<Float32Array | null, Step>();
    const returned: (Float32Array | null)[] = [];
    let step = 0;
    const engine = new MessageChannel();
    server.serve(engine.port2, async (buffer) => {
      returned.push(buffer);
      const out = buffer ?? new Float32Array(4);
      return server.markTransfer({ step: ++step, buffer: out }, [out.buffer as ArrayBuffer]);
    });
    const hud = await initHost(host);
    const huds: HudMessage<{ step: number }>[] = [];
    hud.port1.onmessage = (event) => huds.push(event.data);
    host.connect(engine.port1);
    // Each frame asks once, and this engine always has a new step: one snapshot per frame.
    for (let i = 0; i < 60; i++) {
      clock.advanceFrame(1000 / 60);
      await vi.waitFor(() => expect(scene.pushed).toHaveLength(i + 1));
    }
    expect(scene.pushed).toEqual(scene.pushed.map((_, i) => i + 1));
    // After the first two, every request handed a spent buffer back.
    expect(returned.slice(2).every((b) => b instanceof Float32Array)).toBe(true);
    expect(scene.drawn.every((a) => a >= 0 && a <= 1)).toBe(true);
    // One second of frames: HUD posts 100 ms apart, so at most 10 (and at least 9).
    await vi.waitFor(() => expect(huds.length).toBeGreaterThanOrEqual(9));
    const posts = huds.filter((m) => m.type === 'hud');
    expect(posts.length).toBeLessThanOrEqual(10);

    host.input('tap');
    expect(scene.inputs).toEqual(['tap']);
    host.setVisible(false);
    const drawnWhileHidden = scene.drawn.length;
    clock.advanceFrame(1000 / 60);
    expect(scene.drawn.length).toBe(drawnWhileHidden);
    host.dispose();
    expect(scene.destroyed).toBe(true);
    engine.port2.close();
    hud.port1.close();
  });

  it('shows an input the engine applied between two frames in the next frame, though the engine stepped during each draw', async () => {
    const clock = new TestClock();
    // The engine host's side, as the games' hosts have it: a long poll answered at its next
    // change, and a change that shows a new input sent unasked when no request waits.
    interface Tick {
      step: number;
      input: number;
    }
    const engineState: Tick = { step: 0, input: 0 };
    const requests = new SnapshotRequests<null, Tick>(
      () => ({ ...engineState }),
      () => true,
      () => engineState.input,
    );
    const server = new SnapshotServer<null, Tick>();
    const engine = new MessageChannel();
    server.serve(engine.port2, (request) => requests.next(request));
    requests.sendUnaskedTo((snapshot) => server.sendUnasked(snapshot));
    const engineSteps = (input = engineState.input) => {
      engineState.step++;
      engineState.input = input;
      requests.changed();
    };
    // A scene whose every draw lasts long enough for the engine to step once meanwhile (a
    // slow renderer): the frame's request is answered during the draw, and none waits after it.
    const drawnInputs: number[] = [];
    let pushes = 0;
    let latest: Tick | null = null;
    const scene: GameScene<Tick> = {
      async init() {},
      resize() {},
      setEnvironment() {},
      push(snapshot) {
        pushes++;
        latest = snapshot;
      },
      draw() {
        drawnInputs.push(latest?.input ?? -1);
        engineSteps();
      },
      destroy() {},
    };
    const host = new RenderHost<Tick>({
      createScene: () => scene,
      frames: { requestFrame: clock.requestFrame, cancelFrame: clock.cancelFrame },
      now: () => clock.now(),
    });
    const hud = await initHost(host);
    host.connect(engine.port1);
    // Between frames the messages cross (each a task of its own, as between threads).
    const betweenFrames = () => new Promise((resolve) => setTimeout(resolve, 20));
    const frames = 6;
    for (let i = 0; i < frames; i++) {
      clock.advanceFrame(1000 / 60);
      await betweenFrames();
    }
    expect(drawnInputs.at(-1)).toBe(0);
    // The player's input reaches the engine between two frames; the engine applies it.
    engineSteps(1);
    await betweenFrames();
    clock.advanceFrame(1000 / 60);
    expect(drawnInputs.at(-1)).toBe(1);
    // Beside one snapshot a frame, one for the input: no more.
    expect(pushes).toBeLessThanOrEqual(frames + 1);
    host.dispose();
    engine.port2.close();
    hud.port1.close();
  });

  it('posts the HUD only as often as a scene asks for it (hudIntervalMs), never more than 10 times a second', async () => {
    const count = async (hudIntervalMs: number) => {
      const clock = new TestClock();
      const scene = Object.assign(new RecordingScene(), { hudIntervalMs });
      const host = new RenderHost<Step, string, { step: number }, Float32Array>({
        createScene: () => scene,
        frames: { requestFrame: clock.requestFrame, cancelFrame: clock.cancelFrame },
        now: () => clock.now(),
      });
      const hud = await initHost(host);
      let posts = 0;
      hud.port1.onmessage = (event: MessageEvent<HudMessage<unknown>>) => {
        if (event.data.type === 'hud') posts++;
      };
      // Two seconds of frames at 60 Hz; then the messages already posted cross.
      for (let i = 0; i < 120; i++) clock.advanceFrame(1000 / 60);
      await new Promise((resolve) => setTimeout(resolve, 20));
      host.dispose();
      hud.port1.close();
      return posts;
    };
    // Twice a second over two seconds: the first frame's post, then every 500 ms.
    const slow = await count(500);
    expect(slow).toBeGreaterThanOrEqual(4);
    expect(slow).toBeLessThanOrEqual(5);
    // Asking for more than the runtime's rate gets the runtime's rate.
    const fast = await count(10);
    expect(fast).toBeGreaterThanOrEqual(19);
    expect(fast).toBeLessThanOrEqual(21);
  });

  it('posts `drawn` once, after the first frame that drew a snapshot, not for the frames before it', async () => {
    const clock = new TestClock();
    const scene = new RecordingScene();
    const host = new RenderHost<Step, string, { step: number }, Float32Array>({
      createScene: () => scene,
      frames: { requestFrame: clock.requestFrame, cancelFrame: clock.cancelFrame },
      now: () => clock.now(),
    });
    const hud = await initHost(host);
    const drawn: number[] = [];
    hud.port1.onmessage = (event: MessageEvent<HudMessage<unknown>>) => {
      if (event.data.type === 'drawn') drawn.push(scene.drawn.length);
    };
    // Frames without an engine: the scene draws (an empty sky), but nothing of the game's state.
    clock.advanceFrame(16);
    clock.advanceFrame(16);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(drawn).toEqual([]);
    const server = new SnapshotServer<Float32Array | null, Step>();
    const engine = new MessageChannel();
    let step = 0;
    server.serve(engine.port2, async () => ({ step: ++step, buffer: new Float32Array(4) }));
    host.connect(engine.port1);
    // The third frame asks; the snapshot arrives between frames; the fourth draws it.
    clock.advanceFrame(16);
    await vi.waitFor(() => expect(scene.pushed).toEqual([1]));
    expect(drawn).toEqual([]);
    clock.advanceFrame(16);
    await vi.waitFor(() => expect(drawn).toEqual([4]));
    // Once only, whatever follows.
    for (let i = 0; i < 5; i++) {
      clock.advanceFrame(16);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(scene.pushed.length).toBeGreaterThan(1);
    expect(drawn).toEqual([4]);
    host.dispose();
    engine.port2.close();
    hud.port1.close();
  });

  it('reports a snapshot the engine failed to make on the HUD port', async () => {
    const clock = new TestClock();
    const host = new RenderHost<Step, string, { step: number }, Float32Array>({
      createScene: () => new RecordingScene(),
      frames: { requestFrame: clock.requestFrame, cancelFrame: clock.cancelFrame },
    });
    const server = new SnapshotServer<Float32Array | null, Step>();
    const engine = new MessageChannel();
    server.serve(engine.port2, async () => {
      throw new Error('the world is empty');
    });
    const hud = await initHost(host);
    const errors: string[] = [];
    hud.port1.onmessage = (event: MessageEvent<HudMessage<unknown>>) => {
      if (event.data.type === 'error') errors.push(event.data.message);
    };
    host.connect(engine.port1);
    clock.advanceFrame(16);
    await vi.waitFor(() => expect(errors).toEqual(['Error: the world is empty']));
    host.dispose();
    engine.port2.close();
    hud.port1.close();
  });

  it('marks the first frame that shows each input the scene reports, once', async () => {
    const clock = new TestClock();
    let shows = 0;
    const scene = Object.assign(new RecordingScene(), { shownInput: () => shows });
    const host = new RenderHost<Step, string, { step: number }, Float32Array>({
      createScene: () => scene,
      frames: { requestFrame: clock.requestFrame, cancelFrame: clock.cancelFrame },
    });
    const hud = await initHost(host);
    performance.clearMarks(SHOWN_MARK);
    const seq = markInput('tap');
    expect(performance.getEntriesByName(INPUT_MARK).at(-1)).toMatchObject({ detail: { seq, kind: 'tap' } });
    clock.advanceFrame(16);
    expect(performance.getEntriesByName(SHOWN_MARK)).toHaveLength(0);
    shows = seq;
    clock.advanceFrame(16);
    clock.advanceFrame(16);
    const marks = performance.getEntriesByName(SHOWN_MARK) as PerformanceMark[];
    expect(marks.map((m) => m.detail)).toEqual([{ seq }]);
    host.dispose();
    hud.port1.close();
  });

  it('keeps input sent while the scene is still starting and gives it to the scene in order', async () => {
    const clock = new TestClock();
    const scene = new RecordingScene();
    let started!: () => void;
    scene.init = () => new Promise<void>((resolve) => (started = resolve));
    const host = new RenderHost<Step, string, { step: number }, Float32Array>({
      createScene: () => scene,
      frames: { requestFrame: clock.requestFrame, cancelFrame: clock.cancelFrame },
    });
    const hud = new MessageChannel();
    const init = host.init(
      {} as never,
      { width: 10, height: 10, resolution: 1 },
      { reducedMotion: false },
      hud.port2,
    );
    host.input('world');
    host.input('camera');
    expect(scene.inputs).toEqual([]);
    started();
    await init;
    host.input('track');
    expect(scene.inputs).toEqual(['world', 'camera', 'track']);
    host.dispose();
    hud.port1.close();
  });

  it('tells the scene frames took longer than they did once a test asks', async () => {
    const clock = new TestClock();
    const times: number[] = [];
    const scene = Object.assign(new RecordingScene(), {
      draw: (_alpha: number, now: number) => times.push(now),
    });
    const host = new RenderHost<Step, string, { step: number }, Float32Array>({
      createScene: () => scene,
      frames: { requestFrame: clock.requestFrame, cancelFrame: clock.cancelFrame },
      now: () => clock.now(),
    });
    const hud = await initHost(host);
    clock.advanceFrame(16);
    clock.advanceFrame(16);
    host.slowFramesForTest(30);
    clock.advanceFrame(16);
    clock.advanceFrame(16);
    const intervals = times.slice(1).map((t, i) => t - times[i]);
    expect(intervals).toEqual([16, 46, 46]);
    host.dispose();
    hud.port1.close();
  });
});
