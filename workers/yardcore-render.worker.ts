/** Yardcore's render worker: its scene drawn on the OffscreenCanvas the page hands over. */
import { yardRenderOptions } from '../src/games/yardcore/scene/YardScene.ts';
import { exposeRenderWorker } from '../src/lib/runtime/workerEntries.ts';

exposeRenderWorker(yardRenderOptions);
