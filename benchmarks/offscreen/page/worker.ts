/** Draws the scene on the OffscreenCanvas it is sent, and reports its frame count every 10 frames. */
import { DOMAdapter, WebWorkerAdapter } from 'pixi.js';
import { drawOrbits } from './scene.ts';

DOMAdapter.set(WebWorkerAdapter);
let reported = 0;
self.onmessage = (event: MessageEvent<OffscreenCanvas>) => {
  void drawOrbits(event.data, (frames) => {
    if (frames - reported >= 10) {
      reported = frames;
      self.postMessage(frames);
    }
  });
};
