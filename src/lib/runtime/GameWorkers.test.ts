// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type GameWorkerFile, startGameWorkers, wireSnapshots } from './GameWorkers.ts';
import { PictureScene } from './sceneTesting.testutil.ts';
import type { SnapshotSource } from './workerEntries.ts';

/** A stand-in for a `?worker` constructor: keeps the name it was given and what was posted to it. */
class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  readonly posted: unknown[] = [];
  constructor(readonly options: { name: string }) {
    super();
    FakeWorker.made.push(this);
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  terminate() {}
}

const asWorker = FakeWorker as unknown as GameWorkerFile['Worker'];

function stage(): HTMLElement {
  const element = document.createElement('div');
  document.body.appendChild(element);
  return element;
}

const files = {
  physics: { label: 'The test', Worker: asWorker, name: 'test' },
  render: {
    label: 'The drawing of the test',
    Worker: asWorker,
    name: 'test-render',
  },
  loadScene: async () => ({ createScene: () => new PictureScene() }),
};

describe('startGameWorkers', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    FakeWorker.made = [];
    vi.unstubAllGlobals();
  });

  it('starts the physics worker by its name, and on the page’s thread no render worker', () => {
    const { physics, mount } = startGameWorkers<SnapshotSource, number>(files, {
      container: stage(),
      mode: 'main',
      onError: (error) => {
        throw error;
      },
    });
    expect(FakeWorker.made.map((w) => w.options.name)).toEqual(['test']);
    physics.dispose();
    mount.dispose();
  });

  it('hides the canvas from assistive technology, sizes it to the container (at least minSize), says the mode on the stage', async () => {
    const page = stage();
    const container = stage();
    const { physics, mount } = startGameWorkers<SnapshotSource, number>(files, {
      container,
      stage: page,
      minSize: 40,
      mode: 'main',
      onError: (error) => {
        throw error;
      },
    });
    expect(page.dataset.render).toBe('main');
    expect(container.dataset.render).toBeUndefined();
    expect(mount.canvas.getAttribute('aria-hidden')).toBe('true');
    await mount.start();
    // jsdom lays nothing out: the container is 0 × 0, so the canvas takes the minimum.
    expect([mount.canvas.style.width, mount.canvas.style.height]).toEqual(['40px', '40px']);
    physics.dispose();
    mount.dispose();
  });

  it('keeps the attributes a game gives its canvas instead', () => {
    const { physics, mount } = startGameWorkers<SnapshotSource, number>(
      { ...files, canvasAttributes: { role: 'img', 'aria-label': 'A test' } },
      { container: stage(), mode: 'main', onError: () => {} },
    );
    expect(mount.canvas.getAttribute('aria-hidden')).toBeNull();
    expect(mount.canvas.getAttribute('aria-label')).toBe('A test');
    physics.dispose();
    mount.dispose();
  });

  it('wires the engine host to the renderer: the host is asked to serve snapshots on a new port', async () => {
    const { physics, mount } = startGameWorkers<SnapshotSource, number>(files, {
      container: stage(),
      mode: 'main',
      onError: () => {},
    });
    wireSnapshots(physics, mount);
    const [worker] = FakeWorker.made;
    await vi.waitFor(() => expect(worker.posted.length).toBe(1));
    expect(JSON.stringify(worker.posted[0])).toContain('serveSnapshots');
    physics.dispose();
    mount.dispose();
  });
});
