/**
 * The page, by its address's hash: #blank draws nothing (only the HUD below), #page draws
 * the scene on the page's thread, #worker hands the canvas to a worker that draws it there.
 * Every mode keeps a HUD that a requestAnimationFrame loop rewrites 10 times a second, as
 * the games' HUDs do. `window.sceneFrames` counts the frames the scene has drawn.
 */
import { drawOrbits, HEIGHT, WIDTH } from './scene.ts';

declare global {
  interface Window {
    sceneFrames: number;
  }
}

window.sceneFrames = 0;
const mode = location.hash.slice(1);
const hud = document.getElementById('hud')!;
if (mode !== 'blank') {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  canvas.style.width = `${WIDTH}px`;
  canvas.style.height = `${HEIGHT}px`;
  document.body.append(canvas);
  if (mode === 'worker') {
    const offscreen = canvas.transferControlToOffscreen();
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<number>) => {
      window.sceneFrames = event.data;
    };
    worker.postMessage(offscreen, [offscreen]);
  } else {
    void drawOrbits(canvas, (frames) => {
      window.sceneFrames = frames;
    });
  }
}

let shown = 0;
const updateHud = (now: number) => {
  if (now - shown >= 100) {
    shown = now;
    hud.textContent = `${mode}: ${window.sceneFrames} frames`;
  }
  requestAnimationFrame(updateHud);
};
requestAnimationFrame(updateHud);
