// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { SceneMount } from './SceneMount.ts';
import { PictureScene } from './sceneTesting.testutil.ts';

describe('SceneMount.capture', () => {
  it('takes the scene’s picture on the page’s thread, and refuses before the scene started; the canvas says when it has', async () => {
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
    expect(await mount.capture()).toBe(scene.picture);
    mount.dispose();
    vi.unstubAllGlobals();
  });
});
