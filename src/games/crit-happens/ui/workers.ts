/**
 * Crit Happens on the game runtime: the dice roller's physics worker, and the arena's render worker
 * and scene.
 */
import PhysicsWorker from '../../../../workers/crit-happens.worker.ts?worker';
import RenderWorker from '../../../../workers/crit-happens-render.worker.ts?worker';

export const DICE_WORKERS = {
  physics: { label: 'The dice roller', Worker: PhysicsWorker, name: 'crit-happens' },
  render: { label: 'The dice arena', Worker: RenderWorker, name: 'crit-happens-render' },
  loadScene: () => import('../scene/DiceScene.ts').then((scene) => scene.diceRenderOptions),
};
