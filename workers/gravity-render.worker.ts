/** Gravity's render worker: its scene drawn on the OffscreenCanvas the page hands over. */
import { gravityRenderOptions } from '../src/games/gravity/scene/GravityScene.ts';
import { exposeRenderWorker } from '../src/lib/runtime/workerEntries.ts';

exposeRenderWorker(gravityRenderOptions);
