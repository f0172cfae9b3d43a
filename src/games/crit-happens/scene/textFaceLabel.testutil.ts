import { Container } from 'pixi.js';

/**
 * Stands in for FaceLabel under jsdom, which has no 2D canvas to make its bitmap font with:
 * the text a die shows, and nothing drawn. In a test file:
 * `vi.mock('./FaceLabel.ts', async () => ({ FaceLabel: (await import('./textFaceLabel.testutil.ts')).TextFaceLabel }))`.
 */
export class TextFaceLabel {
  readonly root = new Container();
  text = '';
}
