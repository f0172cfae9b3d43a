/** Draw & Race's render worker: its scene drawn on the OffscreenCanvas the page hands over. */
import { raceRenderOptions } from '../src/games/race/scene/RaceScene.ts';
import { exposeRenderWorker } from '../src/lib/runtime/workerEntries.ts';

exposeRenderWorker(raceRenderOptions);
