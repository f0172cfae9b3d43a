/** Yardcore's render worker: its scene drawn on the OffscreenCanvas the page hands over. */
import { transferablesOf } from '../src/games/yardcore/engine/snapshot.ts';
import { YardScene } from '../src/games/yardcore/scene/YardScene.ts';
import { exposeRenderWorker } from '../src/lib/runtime/workerEntries.ts';

exposeRenderWorker({ createScene: () => new YardScene(), transferOf: transferablesOf });
