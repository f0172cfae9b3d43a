/**
 * Whac-a-Moji sound effects: samples rendered from sounds/recipes.ts by `npm run sounds`
 * (assets/sounds/whac-a-moji/), played with howler. Nothing is created or fetched before the
 * first user gesture (`unlock`); they play at this game's own level, 0 while its own mute (the
 * header's toggle) is on.
 */
import beepUrl from '../../../../assets/sounds/whac-a-moji/beep.wav?url&no-inline';
import finishedUrl from '../../../../assets/sounds/whac-a-moji/finished.wav?url&no-inline';
import gameOverUrl from '../../../../assets/sounds/whac-a-moji/game-over.wav?url&no-inline';
import missUrl from '../../../../assets/sounds/whac-a-moji/miss.wav?url&no-inline';
import roundEndUrl from '../../../../assets/sounds/whac-a-moji/round-end.wav?url&no-inline';
import roundStartUrl from '../../../../assets/sounds/whac-a-moji/round-start.wav?url&no-inline';
import timeoutUrl from '../../../../assets/sounds/whac-a-moji/timeout.wav?url&no-inline';
import whack5Url from '../../../../assets/sounds/whac-a-moji/whack-5.wav?url&no-inline';
import whack10Url from '../../../../assets/sounds/whac-a-moji/whack-10.wav?url&no-inline';
import whack20Url from '../../../../assets/sounds/whac-a-moji/whack-20.wav?url&no-inline';
import { SampleBank, type SampleSpec } from '../../../lib/audio/sampleBank.ts';
import { createGameSound, gainOf } from '../../../lib/soundSettings.ts';
import type { WhacSoundName } from '../sounds/recipes.ts';

/**
 * Mix levels: each file is normalised to −1 dBFS, so these restore the balance of the
 * original run-time synthesis (its peak levels through a 0.7 master, slightly raised
 * because the compressor that used to tame the hits is gone).
 */
const SAMPLES: Record<WhacSoundName, SampleSpec> = {
  'whack-20': { url: whack20Url, volume: 0.49 },
  'whack-10': { url: whack10Url, volume: 0.45 },
  'whack-5': { url: whack5Url, volume: 0.55 },
  miss: { url: missUrl, volume: 0.1 },
  timeout: { url: timeoutUrl, volume: 0.28 },
  beep: { url: beepUrl, volume: 0.22 },
  'round-start': { url: roundStartUrl, volume: 0.25 },
  'round-end': { url: roundEndUrl, volume: 0.23 },
  'game-over': { url: gameOverUrl, volume: 0.23 },
  finished: { url: finishedUrl, volume: 0.33 },
};

/** The final second's beep is a fourth higher (B5 → E6), as the synthesised one was. */
const FINAL_BEEP_RATE = 1318.5 / 987.8;

/** Whac-a-Moji's own mute (the header's toggle); its volume is the mix level it always had. */
export const useWhacSound = createGameSound('whac-a-moji', 0.8);

/**
 * The game's samples, played by name (`unlock` from a user gesture such as Start Game first:
 * it creates the Howls and howler's AudioContext, or resumes it), and the two that vary.
 */
export class WhacSound extends SampleBank<WhacSoundName> {
  constructor() {
    super(SAMPLES, gainOf(useWhacSound));
  }

  /** A hit: a bonk whose pitch rises with the points (20 highest). */
  whack(points: number): void {
    this.play(points >= 20 ? 'whack-20' : points >= 10 ? 'whack-10' : 'whack-5');
  }

  /** Last-5-seconds beep; the final second is higher. */
  beep(secondsLeft: number): void {
    this.play('beep', secondsLeft <= 1 ? FINAL_BEEP_RATE : 1);
  }
}
