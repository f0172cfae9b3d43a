/**
 * Draw & Race's sounds as recipes, rendered to assets/sounds/race/*.wav by `npm run sounds`
 * and played with howler (ui/sound.ts): the countdown beeps (800 Hz for 3, 2, 1 and 400 Hz
 * for GO!, games spec §9), the engines' hum (a loop while the race runs), the crowd's cheer
 * when cars finish, and a bump when cars touch.
 */

import { motorRecipe } from '../../../lib/audio/motor.ts';
import { whiteNoiseBuffer } from '../../../lib/audio/noise.ts';
import type { SoundSet } from '../../../lib/audio/soundRecipe.ts';
import { filtered, tone } from '../../../lib/audio/tone.ts';
import { createRng } from '../../../lib/pure/rng.ts';
import { BEEP_COUNT_HZ, BEEP_GO_HZ } from '../engine/constants.ts';

/** A start-light beep: a square wave softened by a low-pass, with a sine an octave up for ring. */
function beep(freq: number, dur: number) {
  return {
    duration: dur + 0.02,
    schedule(ctx: BaseAudioContext, out: AudioNode) {
      const filter = ctx.createBiquadFilter();
      filter.type = 'lowpass';
      filter.frequency.setValueAtTime(freq * 4, 0);
      filter.connect(out);
      tone(ctx, filter, { wave: 'square', freq, dur, gain: 0.35, attack: 0.004 });
      tone(ctx, out, { wave: 'sine', freq: freq * 2, dur: dur * 0.8, gain: 0.12, attack: 0.004 });
    },
  };
}

/** The engines' period: 0.2 s holds whole cycles of every part (90, 45, 30 and 25 Hz). */
const ENGINE_PERIOD = 0.2;

export const RACE_SOUNDS = {
  beep: beep(BEEP_COUNT_HZ, 0.16),
  go: beep(BEEP_GO_HZ, 0.5),
  /** A pack of engines: two detuned sawtooth voices, a sub, a 25 Hz throb and road rumble, low-passed. */
  engine: motorRecipe(ENGINE_PERIOD, {
    level: 0.5,
    lowpass: { freq: 700, q: 2 },
    throb: { level: 0.6, freq: 25, depth: 0.25 },
    voices: [
      { wave: 'sawtooth', freq: 90, gain: 0.5 },
      { wave: 'sawtooth', freq: 45, gain: 0.45 },
      { wave: 'triangle', freq: 30, gain: 0.6 },
    ],
    noise: { seed: 31, cornerHz: 400, rms: 0.15 },
  }),
  /** The crowd: a swell of band-passed noise (many voices) with a few whistles on top. */
  crowd: {
    duration: 2.6,
    schedule(ctx, out) {
      const rng = createRng(909);
      const src = ctx.createBufferSource();
      src.buffer = whiteNoiseBuffer(ctx, Math.round(ctx.sampleRate * 2.6), rng, (p) => {
        // Voices come and go: a slow random flutter over the swell.
        return 0.7 + 0.3 * Math.sin(p * 47 + Math.sin(p * 13) * 3);
      });
      for (const [freq, q, gain] of [
        [700, 1.2, 0.5],
        [1400, 1.5, 0.3],
        [2600, 2, 0.15],
      ] as const) {
        filtered(ctx, src, out, {
          filter: { type: 'bandpass', freq, q },
          envelope: { peak: gain, peakAt: 0.35, holds: [[gain, 1.5]], end: 2.55 },
        });
      }
      src.start(0);
      tone(ctx, out, {
        wave: 'sine',
        freq: 2200,
        toFreq: 2900,
        at: 0.4,
        dur: 0.35,
        gain: 0.08,
        attack: 0.03,
      });
      tone(ctx, out, { wave: 'sine', freq: 2900, toFreq: 2300, at: 0.8, dur: 0.4, gain: 0.07, attack: 0.03 });
      tone(ctx, out, { wave: 'sine', freq: 2500, toFreq: 3100, at: 1.3, dur: 0.3, gain: 0.06, attack: 0.03 });
    },
  },
  /** Two cars touching: a dull thud and a scrape. */
  bump: {
    duration: 0.22,
    schedule(ctx, out) {
      tone(ctx, out, { wave: 'sine', freq: 140, toFreq: 60, dur: 0.18, gain: 0.6, attack: 0.002 });
      const src = ctx.createBufferSource();
      src.buffer = whiteNoiseBuffer(
        ctx,
        Math.round(ctx.sampleRate * 0.15),
        createRng(17),
        (p) => (1 - p) ** 2,
      );
      filtered(ctx, src, out, {
        filter: { type: 'bandpass', freq: 1800, q: 1.2 },
        envelope: { peak: 0.35, peakAt: 0.003, end: 0.16 },
      });
      src.start(0);
    },
  },
  /** A lap counted for the player's car: a quick two-note chime. */
  lap: {
    duration: 0.4,
    schedule(ctx, out) {
      tone(ctx, out, { wave: 'triangle', freq: 880, dur: 0.15, gain: 0.35, attack: 0.003 });
      tone(ctx, out, { wave: 'triangle', freq: 1318.5, at: 0.1, dur: 0.28, gain: 0.35, attack: 0.003 });
    },
  },
} satisfies SoundSet;

export type RaceSoundName = keyof typeof RACE_SOUNDS;
