/**
 * Lunar Lander sounds: samples rendered from sounds/recipes.ts by `npm run sounds`
 * (assets/sounds/lunar-lander/), played by the SampleBank. The engines are seamless loops faded in
 * and out as the lander fires; landing, crashing and buttons are one-shots. Nothing is created
 * or fetched before the first user gesture (`unlock`); they play at this game's own level, 0
 * while its own mute (the header's toggle) is on.
 */
import blipDownUrl from '../../../../assets/sounds/lunar-lander/blip-down.wav?url&no-inline';
import blipUpUrl from '../../../../assets/sounds/lunar-lander/blip-up.wav?url&no-inline';
import crashUrl from '../../../../assets/sounds/lunar-lander/crash.wav?url&no-inline';
import landUrl from '../../../../assets/sounds/lunar-lander/land.wav?url&no-inline';
import sideThrustUrl from '../../../../assets/sounds/lunar-lander/side-thrust.wav?url&no-inline';
import thrustUrl from '../../../../assets/sounds/lunar-lander/thrust.wav?url&no-inline';
import { SampleBank, type SampleSpec } from '../../../lib/audio/sampleBank.ts';
import { createGameSound, gainOf } from '../../../lib/soundSettings.ts';
import { type LanderSoundName, SIDE_PERIOD, THRUST_PERIOD } from '../sounds/recipes.ts';

/**
 * Mix levels: each file is normalised to −1 dBFS, so these restore the balance of the
 * original run-time synthesis (its peak levels; the crash, which used to clip, at full scale).
 */
const SAMPLES: Record<LanderSoundName, SampleSpec> = {
  thrust: { url: thrustUrl, volume: 0.66, loop: { seconds: THRUST_PERIOD } },
  'side-thrust': { url: sideThrustUrl, volume: 0.05, loop: { seconds: SIDE_PERIOD } },
  land: { url: landUrl, volume: 0.4 },
  crash: { url: crashUrl, volume: 1 },
  'blip-up': { url: blipUpUrl, volume: 0.19 },
  'blip-down': { url: blipDownUrl, volume: 0.2 },
};

/** The lander's own mute (the header's toggle); its volume is the mix level it always had. */
export const useLanderSound = createGameSound('lunar-lander', 0.8);

export class LanderAudio {
  private readonly bank = new SampleBank(SAMPLES, gainOf(useLanderSound));

  /** Call from a click/keypress handler. Safe to call often. */
  unlock(): void {
    this.bank.unlock();
  }

  /** Engine sounds follow the lander's firing bits (called per frame; only changes act). */
  setEngines(main: boolean, side: boolean): void {
    this.bank.setLooping('thrust', main);
    this.bank.setLooping('side-thrust', side);
  }

  silence(): void {
    this.setEngines(false, false);
  }

  /** Safe landing: a rising major arpeggio with a soft bell tail. */
  chime(): void {
    this.bank.play('land');
  }

  /** Crash: a noise burst through a closing low-pass, over a falling sub thump. */
  boom(): void {
    this.bank.play('crash');
  }

  /** Short UI click; `up` for confirm, lower for other buttons. */
  blip(up = true): void {
    this.bank.play(up ? 'blip-up' : 'blip-down');
  }

  dispose(): void {
    this.bank.dispose();
  }
}
