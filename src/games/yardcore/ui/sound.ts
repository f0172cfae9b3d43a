/**
 * Yardcore's sounds: samples rendered from sounds/recipes.ts by `npm run sounds`, played by
 * the SampleBank. The page hands each snapshot's events to `events` and the mowing flag to `mowing`;
 * `soundsFor` decides what plays (pure, tested). Each play's level is its mix level × 0.8
 * (the level it always had), and nothing plays while the game's soundEnabled setting is off.
 */
import bonkUrl from '../../../../assets/sounds/yardcore/bonk.wav?url&no-inline';
import cawUrl from '../../../../assets/sounds/yardcore/caw.wav?url&no-inline';
import crunchUrl from '../../../../assets/sounds/yardcore/crunch.wav?url&no-inline';
import featherUrl from '../../../../assets/sounds/yardcore/feather.wav?url&no-inline';
import gameoverUrl from '../../../../assets/sounds/yardcore/gameover.wav?url&no-inline';
import hurtUrl from '../../../../assets/sounds/yardcore/hurt.wav?url&no-inline';
import levelupUrl from '../../../../assets/sounds/yardcore/levelup.wav?url&no-inline';
import mowerUrl from '../../../../assets/sounds/yardcore/mower.wav?url&no-inline';
import pickupUrl from '../../../../assets/sounds/yardcore/pickup.wav?url&no-inline';
import refuelUrl from '../../../../assets/sounds/yardcore/refuel.wav?url&no-inline';
import snipUrl from '../../../../assets/sounds/yardcore/snip.wav?url&no-inline';
import sputterUrl from '../../../../assets/sounds/yardcore/sputter.wav?url&no-inline';
import throwUrl from '../../../../assets/sounds/yardcore/throw.wav?url&no-inline';
import winUrl from '../../../../assets/sounds/yardcore/win.wav?url&no-inline';
import { SampleBank, type SampleSpec } from '../../../lib/audio/sampleBank.ts';
import { fixedGain } from '../../../lib/soundSettings.ts';
import type { YardEvent } from '../engine/game.ts';
import { YARD_SOUNDS, type YardSoundName } from '../sounds/recipes.ts';

const SAMPLES: Record<YardSoundName, SampleSpec> = {
  mower: { url: mowerUrl, volume: 0.22, loop: { seconds: YARD_SOUNDS.mower.duration } },
  snip: { url: snipUrl, volume: 0.12 },
  pickup: { url: pickupUrl, volume: 0.5 },
  feather: { url: featherUrl, volume: 0.5 },
  throw: { url: throwUrl, volume: 0.4 },
  crunch: { url: crunchUrl, volume: 0.45 },
  caw: { url: cawUrl, volume: 0.4 },
  hurt: { url: hurtUrl, volume: 0.6 },
  bonk: { url: bonkUrl, volume: 0.55 },
  refuel: { url: refuelUrl, volume: 0.5 },
  sputter: { url: sputterUrl, volume: 0.5 },
  levelup: { url: levelupUrl, volume: 0.55 },
  gameover: { url: gameoverUrl, volume: 0.55 },
  win: { url: winUrl, volume: 0.6 },
};

/** One sound to play: its name and playback rate (pitch). */
export interface SoundCue {
  name: YardSoundName;
  rate: number;
}

/**
 * What a batch of events sounds like. Cuts snip (once per batch, pitch varied by where: a
 * mower sweeping a row is a rustle, not a roar), pickups blip (feathers sparkle), feeding
 * crunches (a crow caws too), a bite hurts, a hit bonks, and a level's end plays its jingle.
 */
export function soundsFor(events: readonly YardEvent[]): SoundCue[] {
  const cues: SoundCue[] = [];
  let snipped = false;
  for (const e of events) {
    switch (e.type) {
      case 'cut':
        if (!snipped) cues.push({ name: 'snip', rate: 0.9 + ((((e.x * 7 + e.y * 13) % 5) + 5) % 5) * 0.05 });
        snipped = true;
        break;
      case 'pickup':
        cues.push({
          name: e.item === 'feather' ? 'feather' : 'pickup',
          rate: e.item === 'fuelCan' ? 0.8 : 1,
        });
        break;
      case 'fed':
        cues.push({
          name: 'crunch',
          rate: e.critter === 'squirrel' ? 1.25 : e.critter === 'raccoon' ? 0.85 : 1.1,
        });
        if (e.critter === 'crow') cues.push({ name: 'caw', rate: 1 });
        break;
      case 'hurt':
        cues.push({ name: 'hurt', rate: e.by === 'crow' ? 1.2 : e.by === 'squirrel' ? 1.1 : 1 });
        break;
      case 'hit':
        cues.push({ name: 'bonk', rate: 1 });
        break;
      case 'throw':
        cues.push({ name: 'throw', rate: 1 });
        break;
      case 'refuel':
        cues.push({ name: 'refuel', rate: 1 });
        break;
      case 'outOfFuel':
        cues.push({ name: 'sputter', rate: 1 });
        break;
      case 'levelup':
        cues.push({ name: 'levelup', rate: 1 });
        break;
      case 'gameover':
        cues.push({ name: 'gameover', rate: 1 });
        break;
      case 'win':
        cues.push({ name: 'win', rate: 1 });
        break;
      case 'message':
        break;
    }
  }
  return cues;
}

export class YardSound {
  private readonly bank = new SampleBank(SAMPLES, fixedGain(0.8));

  /** `enabled` reads the game's soundEnabled setting at each play. */
  constructor(private readonly enabled: () => boolean) {}

  /** Call from a click/keypress handler (browsers start audio only after a gesture). */
  unlock(): void {
    this.bank.unlock();
  }

  dispose(): void {
    this.bank.dispose();
  }

  events(events: readonly YardEvent[]): void {
    if (events.length === 0 || !this.enabled()) return;
    for (const cue of soundsFor(events)) this.bank.play(cue.name, cue.rate);
  }

  /** The mower loop follows this every snapshot (only changes act); off while sound is off. */
  mowing(on: boolean): void {
    this.bank.setLooping('mower', on && this.enabled());
  }
}
