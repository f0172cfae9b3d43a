// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { SnapshotServer } from '../snapshotPort.ts';
import { SceneMount } from './SceneMount.ts';
import { PictureScene } from './sceneTesting.testutil.ts';

describe('SceneMount.capture', () => {
  it('takes the scene’s picture on the page’s thread, and refuses before the scene started; it tells the size the scene was given; the canvas says when it has started, and when it has drawn the engine’s state', async () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const scene = new PictureScene();
    const container = document.createElement('div');
    document.body.appendChild(container);
    const mount = new SceneMount<number>({
      container,
      mode: 'main',
      label: 'The drawing',
      createWorker: () => {
        throw new Error('no worker on the page’s thread');
      },
      loadScene: async () => ({ createScene: () => scene }),
      size: () => ({ width: 20, height: 10 }),
      onHud: () => {},
      onError: (error) => {
        throw error;
      },
    });
    await expect(mount.capture()).rejects.toThrow('The scene has not started.');
    expect(mount.canvas.dataset.scene).toBeUndefined();
    await mount.start();
    expect(mount.canvas.dataset.scene).toBe('started');
    // The size the scene was given, for the page to lay out to without reading the DOM.
    expect(mount.sceneSize).toEqual({ width: 20, height: 10 });
    expect(await mount.capture()).toBe(scene.picture);
    // Started is not drawn: the canvas says `data-drawn` once a frame has shown a snapshot.
    expect(mount.canvas.dataset.drawn).toBeUndefined();
    const server = new SnapshotServer<null, number>();
    const engine = new MessageChannel();
    server.serve(engine.port2, async () => 1);
    mount.connect(engine.port1);
    await vi.waitFor(() => expect(mount.canvas.dataset.drawn).toBe('true'));
    mount.dispose();
    engine.port2.close();
    vi.unstubAllGlobals();
  });
});
