/**
 * Gravity Simulator on the game runtime: the simulation's physics worker, and its drawing's render
 * worker and scene.
 */
import PhysicsWorker from '../../../../workers/gravity.worker.ts?worker';
import RenderWorker from '../../../../workers/gravity-render.worker.ts?worker';

export const GRAVITY_WORKERS = {
  physics: { label: 'The simulation', Worker: PhysicsWorker, name: 'gravity' },
  render: { label: 'The drawing of the simulation', Worker: RenderWorker, name: 'gravity-render' },
  loadScene: () => import('../scene/GravityScene.ts').then((scene) => scene.gravityRenderOptions),
  canvasAttributes: {
    role: 'img',
    'aria-label': 'Gravity simulation: tap to select, double tap to add a planet, hold to add a star',
  },
};
