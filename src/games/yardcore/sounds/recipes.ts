/**
 * Yardcore's sounds as recipes, rendered to assets/sounds/yardcore/*.wav by `npm run sounds`
 * and played with howler (ui/sound.ts): the mower's two-stroke putter (a loop while mowing),
 * grass snips, pickups, a feather's sparkle, the food throw's whoosh, crunches when a
 * critter eats, a caw, bites, the bonk of a hit raccoon, the refuel glug, the engine dying,
 * and jingles for levelup, gameover and the won yard.
 */

import { motorRecipe } from '../../../lib/audio/motor.ts';
import { whiteNoiseBuffer } from '../../../lib/audio/noise.ts';
import type { SoundSet } from '../../../lib/audio/soundRecipe.ts';
import { filtered, tone } from '../../../lib/audio/tone.ts';
import { createRng } from '../../../lib/pure/rng.ts';

/** A burst of filtered noise: `type` filter at `freq` (gliding to `toFreq`), enveloped. */
function noiseBurst(
  ctx: BaseAudioContext,
  out: AudioNode,
  {
    seed,
    at = 0,
    dur,
    gain,
    type,
    freq,
    toFreq,
    q = 1,
    attack = 0.002,
  }: {
    seed: number;
    at?: number;
    dur: number;
    gain: number;
    type: BiquadFilterType;
    freq: number;
    toFreq?: number;
    q?: number;
    attack?: number;
  },
): void {
  const src = ctx.createBufferSource();
  src.buffer = whiteNoiseBuffer(ctx, Math.round(ctx.sampleRate * dur), createRng(seed));
  filtered(ctx, src, out, {
    filter: { type, freq, glide: toFreq ? [[toFreq, at + dur]] : [], q },
    envelope: { at, peak: gain, peakAt: at + attack, end: at + dur },
  });
  src.start(at);
  src.stop(at + dur);
}

/** Notes (Hz) one after another, `gap` seconds apart, each `dur` long. */
function arpeggio(
  ctx: BaseAudioContext,
  out: AudioNode,
  notes: number[],
  {
    wave,
    gap,
    dur,
    gain,
    at = 0,
  }: { wave: OscillatorType; gap: number; dur: number; gain: number; at?: number },
): void {
  notes.forEach((freq, i) => {
    tone(ctx, out, { wave, freq, at: at + i * gap, dur, gain, attack: 0.004 });
  });
}

/** The mower's period: 0.2 s holds whole cycles of the 55 Hz firing (11) and the 15 Hz putter (3). */
const MOWER_PERIOD = 0.2;

export const YARD_SOUNDS = {
  /** The two-stroke mower while mowing: a buzzy 55 Hz firing, a putter, and blade hiss. */
  mower: motorRecipe(MOWER_PERIOD, {
    level: 0.6,
    lowpass: { freq: 900 },
    // The putter is the throb: an amplitude wobble at 15 Hz.
    throb: { level: 0.6, freq: 15, depth: 0.35 },
    voices: [
      { wave: 'sawtooth', freq: 55 },
      { wave: 'square', freq: 110, gain: 0.25 },
    ],
    // Blade hiss.
    noise: { seed: 77, cornerHz: 2500, rms: 0.12 },
  }),
  /** A tile of grass cut: a short bright snip. */
  snip: {
    duration: 0.07,
    schedule(ctx, out) {
      noiseBurst(ctx, out, {
        seed: 11,
        dur: 0.06,
        gain: 0.7,
        type: 'bandpass',
        freq: 5200,
        toFreq: 2600,
        q: 2,
      });
    },
  },
  /** Picking something up: two quick rising blips. */
  pickup: {
    duration: 0.22,
    schedule(ctx, out) {
      arpeggio(ctx, out, [659.25, 987.77], { wave: 'square', gap: 0.07, dur: 0.12, gain: 0.18 });
      arpeggio(ctx, out, [1318.5, 1975.5], { wave: 'sine', gap: 0.07, dur: 0.12, gain: 0.1 });
    },
  },
  /** A feather: a glassy sparkle up the scale. */
  feather: {
    duration: 0.5,
    schedule(ctx, out) {
      arpeggio(ctx, out, [1046.5, 1318.5, 1568, 2093], { wave: 'triangle', gap: 0.05, dur: 0.3, gain: 0.2 });
    },
  },
  /** Food thrown: an airy whoosh sweeping up. */
  throw: {
    duration: 0.3,
    schedule(ctx, out) {
      noiseBurst(ctx, out, {
        seed: 23,
        dur: 0.28,
        gain: 0.8,
        type: 'bandpass',
        freq: 500,
        toFreq: 3000,
        q: 3,
        attack: 0.08,
      });
    },
  },
  /** A critter eats: three crunches. */
  crunch: {
    duration: 0.34,
    schedule(ctx, out) {
      for (let i = 0; i < 3; i++)
        noiseBurst(ctx, out, {
          seed: 31 + i,
          at: i * 0.1,
          dur: 0.07,
          gain: 0.8 - i * 0.15,
          type: 'bandpass',
          freq: 1800 - i * 250,
          q: 1.5,
        });
    },
  },
  /** A crow fed or startled: a hoarse caw. */
  caw: {
    duration: 0.32,
    schedule(ctx, out) {
      const osc = ctx.createOscillator();
      osc.type = 'sawtooth';
      osc.frequency.setValueAtTime(620, 0);
      osc.frequency.linearRampToValueAtTime(520, 0.1);
      osc.frequency.linearRampToValueAtTime(440, 0.28);
      filtered(ctx, osc, out, {
        filter: { type: 'bandpass', freq: 1400, q: 2.5 },
        envelope: { peak: 0.7, peakAt: 0.02, holds: [[0.6, 0.2]], end: 0.3 },
      });
      osc.start(0);
      osc.stop(0.32);
      noiseBurst(ctx, out, {
        seed: 41,
        dur: 0.28,
        gain: 0.25,
        type: 'bandpass',
        freq: 1500,
        q: 2,
        attack: 0.02,
      });
    },
  },
  /** The player bitten: a thud and a falling yelp. */
  hurt: {
    duration: 0.4,
    schedule(ctx, out) {
      tone(ctx, out, { wave: 'sine', freq: 150, toFreq: 55, dur: 0.2, gain: 0.6, attack: 0.002 });
      tone(ctx, out, { wave: 'square', freq: 520, toFreq: 180, dur: 0.3, gain: 0.15, attack: 0.005 });
      noiseBurst(ctx, out, { seed: 53, dur: 0.08, gain: 0.5, type: 'lowpass', freq: 1200 });
    },
  },
  /** A raccoon hit by the mower: a cartoon bonk. */
  bonk: {
    duration: 0.3,
    schedule(ctx, out) {
      tone(ctx, out, { wave: 'triangle', freq: 420, toFreq: 900, dur: 0.09, gain: 0.5, attack: 0.002 });
      tone(ctx, out, { wave: 'sine', freq: 900, toFreq: 300, at: 0.08, dur: 0.2, gain: 0.35 });
    },
  },
  /** A fuel can poured into the mower: glug, glug, glug. */
  refuel: {
    duration: 0.6,
    schedule(ctx, out) {
      for (let i = 0; i < 3; i++)
        tone(ctx, out, {
          wave: 'sine',
          freq: 180 + i * 30,
          toFreq: 420 + i * 40,
          at: i * 0.17,
          dur: 0.12,
          gain: 0.45,
          attack: 0.01,
        });
    },
  },
  /** The mower runs dry: the engine sputters down and stops. */
  sputter: {
    duration: 0.8,
    schedule(ctx, out) {
      const osc = ctx.createOscillator();
      osc.type = 'sawtooth';
      osc.frequency.setValueAtTime(55, 0);
      osc.frequency.exponentialRampToValueAtTime(18, 0.7);
      // Five coughs: the level drops a little each time, and to almost nothing between them.
      const coughs = [1, 2, 3, 4, 5].flatMap((i) => [
        [0.6 - i * 0.08, i * 0.12] as const,
        [0.08, i * 0.12 + 0.05] as const,
      ]);
      filtered(ctx, osc, out, {
        filter: { type: 'lowpass', freq: 700 },
        envelope: { peak: 0.6, peakAt: 0.01, holds: coughs, end: 0.78 },
      });
      osc.start(0);
      osc.stop(0.8);
    },
  },
  /** A level's yard mowed: a bright rising jingle. */
  levelup: {
    duration: 1.0,
    schedule(ctx, out) {
      arpeggio(ctx, out, [523.25, 659.25, 783.99, 1046.5], {
        wave: 'square',
        gap: 0.09,
        dur: 0.16,
        gain: 0.14,
      });
      tone(ctx, out, { wave: 'triangle', freq: 1046.5, at: 0.36, dur: 0.6, gain: 0.25 });
      tone(ctx, out, { wave: 'triangle', freq: 1318.5, at: 0.36, dur: 0.6, gain: 0.18 });
    },
  },
  /** Out of hearts: a slow falling line. */
  gameover: {
    duration: 1.3,
    schedule(ctx, out) {
      arpeggio(ctx, out, [392, 349.23, 311.13], { wave: 'triangle', gap: 0.25, dur: 0.3, gain: 0.3 });
      tone(ctx, out, { wave: 'triangle', freq: 261.63, toFreq: 196, at: 0.75, dur: 0.5, gain: 0.3 });
    },
  },
  /** The whole yard won: a fanfare. */
  win: {
    duration: 1.6,
    schedule(ctx, out) {
      arpeggio(ctx, out, [392, 392, 392], { wave: 'square', gap: 0.13, dur: 0.12, gain: 0.12 });
      for (const [freq, gain] of [
        [523.25, 0.14],
        [659.25, 0.12],
        [783.99, 0.1],
      ] as const) {
        tone(ctx, out, { wave: 'square', freq, at: 0.4, dur: 1.1, gain, attack: 0.02 });
      }
      tone(ctx, out, { wave: 'sine', freq: 1568, at: 0.42, dur: 1.0, gain: 0.08, attack: 0.02 });
    },
  },
} satisfies SoundSet;

export type YardSoundName = keyof typeof YARD_SOUNDS;
