// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { GameScene } from './GameScene.ts';
import { SceneMount } from './SceneMount.ts';

/** A scene with a picture to take, and nothing else. */
class PictureScene implements GameScene<number> {
  async init() {}
  resize() {}
  setEnvironment() {}
  push() {
    return undefined;
  }
  draw() {}
  readonly picture = new Blob(['png'], { type: 'image/png' });
  async capture() {
    return this.picture;
  }
  destroy() {}
}

describe('SceneMount.capture', () => {
  it('takes the scene’s picture on the page’s thread, and refuses before the scene started', async () => {
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
    await mount.start();
    expect(await mount.capture()).toBe(scene.picture);
    mount.dispose();
    vi.unstubAllGlobals();
  });
});
