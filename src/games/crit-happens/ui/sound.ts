/**
 * Crit Happens' sounds: samples rendered from sounds/recipes.ts by `npm run sounds`, played
 * with howler. Each play's level is its mix level × this game's own volume setting (0 when
 * this game is muted; no other game's setting enters); clacks also scale with the impact speed.
 */
import clack1Url from '../../../../assets/sounds/crit-happens/clack-1.wav?url&no-inline';
import clack2Url from '../../../../assets/sounds/crit-happens/clack-2.wav?url&no-inline';
import clack3Url from '../../../../assets/sounds/crit-happens/clack-3.wav?url&no-inline';
import fanfareUrl from '../../../../assets/sounds/crit-happens/fanfare.wav?url&no-inline';
import fireworkUrl from '../../../../assets/sounds/crit-happens/firework.wav?url&no-inline';
import sadUrl from '../../../../assets/sounds/crit-happens/sad.wav?url&no-inline';
import { SampleBank, type SampleSpec } from '../../../lib/audio/sampleBank.ts';
import { gainOf } from '../../../lib/soundSettings.ts';
import type { CritSoundName } from '../sounds/recipes.ts';
import { useCritSettings } from './store.ts';

const SAMPLES: Record<CritSoundName, SampleSpec> = {
  'clack-1': { url: clack1Url, volume: 0.5 },
  'clack-2': { url: clack2Url, volume: 0.45 },
  'clack-3': { url: clack3Url, volume: 0.5 },
  fanfare: { url: fanfareUrl, volume: 0.55 },
  sad: { url: sadUrl, volume: 0.6 },
  firework: { url: fireworkUrl, volume: 0.4 },
};

const CLACKS: CritSoundName[] = ['clack-1', 'clack-2', 'clack-3'];

/**
 * Clacks one step of a roll's playback (16.7 ms, a frame) plays at most. Each play makes
 * howler create and wire an audio source on the main thread; a step in which 20 dice land at
 * once (or a late wake that catches up) played them all and made a long task of 150 ms at 4×
 * CPU. Clacks within one step are heard as one hit anyway.
 */
export const MAX_CLACKS_PER_FRAME = 3;

/** The impacts of one step that sound: the loudest, at most MAX_CLACKS_PER_FRAME of them. */
export function clacksToPlay(speeds: readonly number[]): number[] {
  if (speeds.length <= MAX_CLACKS_PER_FRAME) return [...speeds];
  return [...speeds].sort((a, b) => b - a).slice(0, MAX_CLACKS_PER_FRAME);
}

/** Impact speed (px/s) to loudness: a graze is a tick, a full throw a crack. */
export function clackGain(speed: number): number {
  return Math.min(1, Math.max(0.12, (speed - 60) / 900));
}

/** The game's samples (`play` by name), and the dice's clacks, which vary as they land. */
export class CritSound extends SampleBank<CritSoundName> {
  private clackIndex = 0;

  constructor() {
    super(SAMPLES, gainOf(useCritSettings));
  }

  clack(speed: number): void {
    this.clackIndex = (this.clackIndex + 1) % CLACKS.length;
    const rate = 0.9 + ((this.clackIndex * 37) % 20) / 100;
    this.play(CLACKS[this.clackIndex], rate, clackGain(speed));
  }
}
