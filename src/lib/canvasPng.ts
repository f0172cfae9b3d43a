import type { ICanvas } from 'pixi.js';

/** A PNG of a canvas Pixi extracted: an OffscreenCanvas in a worker, a page canvas on the main thread. */
export function canvasPng(canvas: ICanvas): Promise<Blob> {
  if (canvas.convertToBlob) return canvas.convertToBlob({ type: 'image/png' });
  return new Promise((resolve, reject) => {
    if (!canvas.toBlob) {
      reject(new Error('This canvas cannot make a PNG'));
      return;
    }
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The canvas made no PNG'))),
      'image/png',
    );
  });
}
