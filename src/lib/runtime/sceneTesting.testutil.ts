import type { GameScene } from './GameScene.ts';

/** A scene with a picture to take, and nothing else. */
export class PictureScene implements GameScene<number> {
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
