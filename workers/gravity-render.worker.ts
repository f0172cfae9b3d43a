/** Gravity's render worker: its scene drawn on the OffscreenCanvas the page hands over. */
import { transferablesOf } from '../src/games/gravity/engine/snapshot.ts';
import { GravityScene } from '../src/games/gravity/scene/GravityScene.ts';
import { exposeRenderWorker } from '../src/lib/runtime/workerEntries.ts';

exposeRenderWorker({ createScene: () => new GravityScene(), transferOf: transferablesOf });
