/** Draw & Race on the game runtime: the race's physics worker, and its drawing's render worker and scene. */
import PhysicsWorker from '../../../../workers/race.worker.ts?worker';
import RenderWorker from '../../../../workers/race-render.worker.ts?worker';

export const RACE_WORKERS = {
  physics: { label: 'The race', Worker: PhysicsWorker, name: 'race' },
  render: { label: 'The drawing of the race', Worker: RenderWorker, name: 'race-render' },
  loadScene: () => import('../scene/RaceScene.ts').then((scene) => scene.raceRenderOptions),
  // Not hidden from assistive technology, as it never was: the race's canvas carries no attributes.
  canvasAttributes: {},
};
