/**
 * Lunar Lander on the game runtime: the flight's physics worker, and its drawing's render worker and scene.
 */
import PhysicsWorker from '../../../../workers/lunar-lander.worker.ts?worker';
import RenderWorker from '../../../../workers/lunar-lander-render.worker.ts?worker';

export const LANDER_WORKERS = {
  physics: { label: 'The flight', Worker: PhysicsWorker, name: 'lunar-lander' },
  render: { label: 'The drawing of the flight', Worker: RenderWorker, name: 'lunar-lander-render' },
  loadScene: () => import('../scene/LanderScene.ts').then((scene) => scene.landerRenderOptions),
};
