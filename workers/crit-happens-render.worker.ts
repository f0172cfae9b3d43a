/** Crit Happens' render worker: the dice arena drawn on the OffscreenCanvas the page hands over. */
import { diceRenderOptions } from '../src/games/crit-happens/scene/DiceScene.ts';
import { exposeRenderWorker } from '../src/lib/runtime/workerEntries.ts';

exposeRenderWorker(diceRenderOptions);
