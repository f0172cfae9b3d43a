/** Lunar Lander's render worker: its scene drawn on the OffscreenCanvas the page hands over. */
import { landerRenderOptions } from '../src/games/lunar-lander/scene/LanderScene.ts';
import { exposeRenderWorker } from '../src/lib/runtime/workerEntries.ts';

exposeRenderWorker(landerRenderOptions);
