/** Yardcore on the game runtime: the yard's physics worker, and its drawing's render worker and scene. */
import PhysicsWorker from '../../../../workers/yardcore.worker.ts?worker';
import RenderWorker from '../../../../workers/yardcore-render.worker.ts?worker';

export const YARD_WORKERS = {
  physics: { label: 'The yard', Worker: PhysicsWorker, name: 'yardcore' },
  render: { label: 'The drawing of the yard', Worker: RenderWorker, name: 'yardcore-render' },
  loadScene: () => import('../scene/YardScene.ts').then((scene) => scene.yardRenderOptions),
};
