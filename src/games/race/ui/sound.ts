/**
 * Draw & Race's sounds: samples rendered from sounds/recipes.ts by `npm run sounds`, played
 * by the SampleBank at the race's own volume and mute (its settings dialog; default 0.8, no other
 * game's setting enters).
 * `soundsFor` decides what a batch of race events sounds like (pure, tested).
 */
import beepUrl from '../../../../assets/sounds/race/beep.wav?url&no-inline';
import bumpUrl from '../../../../assets/sounds/race/bump.wav?url&no-inline';
import crowdUrl from '../../../../assets/sounds/race/crowd.wav?url&no-inline';
import engineUrl from '../../../../assets/sounds/race/engine.wav?url&no-inline';
import goUrl from '../../../../assets/sounds/race/go.wav?url&no-inline';
import lapUrl from '../../../../assets/sounds/race/lap.wav?url&no-inline';
import { SampleBank, type SampleSpec } from '../../../lib/audio/sampleBank.ts';
import { createGameSound, gainOf } from '../../../lib/soundSettings.ts';
import type { RaceEvent } from '../engine/race.ts';
import { RACE_SOUNDS, type RaceSoundName } from '../sounds/recipes.ts';

const SAMPLES: Record<RaceSoundName, SampleSpec> = {
  beep: { url: beepUrl, volume: 0.5 },
  go: { url: goUrl, volume: 0.55 },
  engine: { url: engineUrl, volume: 0.2, loop: { seconds: RACE_SOUNDS.engine.duration } },
  crowd: { url: crowdUrl, volume: 0.45 },
  bump: { url: bumpUrl, volume: 0.35 },
  lap: { url: lapUrl, volume: 0.4 },
};

/** Race volume 0..1, step 0.01, default 0.8 (games spec §5, §9): the race's own. */
export const RACE_DEFAULT_VOLUME = 0.8;
export const useRaceSound = createGameSound('race', RACE_DEFAULT_VOLUME);

export interface SoundCue {
  name: RaceSoundName;
  gain: number;
}

/**
 * Countdown numbers beep at 800 Hz and GO! at 400 Hz; the crowd cheers the winner and the
 * end; the player's laps chime; a bump thuds (once a batch, as loud as the hardest).
 */
export function soundsFor(events: readonly RaceEvent[], playerId: number | null): SoundCue[] {
  const cues: SoundCue[] = [];
  let bump = 0;
  for (const e of events) {
    if (e.type === 'countdown') cues.push({ name: e.value > 0 ? 'beep' : 'go', gain: 1 });
    else if (e.type === 'finish' && e.place === 1) cues.push({ name: 'crowd', gain: 1 });
    else if (e.type === 'lap' && e.carId === playerId) cues.push({ name: 'lap', gain: 1 });
    else if (e.type === 'bump') bump = Math.max(bump, e.strength);
  }
  if (bump > 0) cues.push({ name: 'bump', gain: 0.3 + bump * 0.7 });
  return cues;
}

export class RaceSound {
  private readonly bank = new SampleBank(SAMPLES, gainOf(useRaceSound));
  private lastBump = 0;

  /** Call from a click handler (browsers start audio only after a gesture). */
  unlock(): void {
    this.bank.unlock();
  }

  events(events: readonly RaceEvent[], playerId: number | null, now: number): void {
    for (const cue of soundsFor(events, playerId)) {
      if (cue.name === 'bump') {
        if (now - this.lastBump < 150) continue;
        this.lastBump = now;
      }
      this.bank.play(cue.name, 1, cue.gain);
    }
  }

  /** The engines' hum while cars race (cheap per frame: only changes act). */
  engines(on: boolean): void {
    this.bank.setLooping('engine', on);
  }

  dispose(): void {
    this.bank.dispose();
  }
}
