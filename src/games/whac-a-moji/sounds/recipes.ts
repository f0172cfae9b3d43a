/**
 * Whac-a-Moji's sound effects as recipes, rendered to assets/sounds/whac-a-moji/*.wav by
 * `npm run sounds` and played with howler (ui/sound.ts). Envelopes run exponentially from
 * and to ~silence (−80 dB), so no sound starts or ends with a click.
 */
import { whiteNoiseBuffer } from '../../../lib/audio/noise.ts';
import type { SoundRecipe, SoundSet } from '../../../lib/audio/soundRecipe.ts';
import { filtered, tone } from '../../../lib/audio/tone.ts';
import { createRng } from '../../../lib/pure/rng.ts';

/** A burst of low-passed, decaying noise: the "thwack" of the mallet. */
function thump(
  ctx: BaseAudioContext,
  out: AudioNode,
  { dur, gain, cutoff }: { dur: number; gain: number; cutoff: number },
): void {
  const noise = whiteNoiseBuffer(ctx, Math.round(ctx.sampleRate * 0.3), createRng(12345), (p) => 1 - p);
  const src = ctx.createBufferSource();
  src.buffer = noise;
  filtered(ctx, src, out, {
    filter: { type: 'lowpass', freq: cutoff, glide: [[200, dur]] },
    envelope: { peak: gain, peakAt: 0.003, end: dur },
  });
  src.start(0);
  src.stop(dur + 0.01);
}

/** Notes `step` seconds apart, each ringing over the next; the last one rings for `last`. */
function arpeggio(
  ctx: BaseAudioContext,
  out: AudioNode,
  notes: readonly number[],
  { step, wave, gain, last }: { step: number; wave: OscillatorType; gain: number; last: number },
): void {
  notes.forEach((freq, i) => {
    const dur = i === notes.length - 1 ? last : step * 1.6;
    tone(ctx, out, { wave, freq, at: i * step, dur, gain, attack: 0.008 });
  });
}

/** A hit: a bonk whose pitch rises with the points (20 highest, with a sparkle on top). */
function whack(points: 5 | 10 | 20): SoundRecipe {
  const base = points === 20 ? 660 : points === 10 ? 520 : 420;
  return {
    duration: 0.2,
    schedule(ctx, out) {
      thump(ctx, out, { dur: 0.09, gain: 0.5, cutoff: 2400 });
      tone(ctx, out, { wave: 'triangle', freq: base, toFreq: base * 0.45, dur: 0.14, gain: 0.45 });
      if (points === 20) tone(ctx, out, { wave: 'sine', freq: base * 2, at: 0.05, dur: 0.12, gain: 0.18 });
    },
  };
}

/** The reference pitch of `beep`; ui/sound.ts raises the final second's beep with howler's rate. */
export const BEEP_HZ = 987.8;

export const WHAC_SOUNDS = {
  'whack-20': whack(20),
  'whack-10': whack(10),
  'whack-5': whack(5),
  /** A click on an empty hole: a short, low, muffled buzz. */
  miss: {
    duration: 0.2,
    schedule(ctx, out) {
      tone(ctx, out, { wave: 'square', freq: 150, toFreq: 95, dur: 0.16, gain: 0.09 });
      thump(ctx, out, { dur: 0.05, gain: 0.15, cutoff: 700 });
    },
  },
  /** An emoji got away: a falling "bloop". */
  timeout: {
    duration: 0.3,
    schedule(ctx, out) {
      tone(ctx, out, { wave: 'sine', freq: 520, toFreq: 180, dur: 0.28, gain: 0.3, attack: 0.01 });
    },
  },
  /** A last-seconds countdown beep. */
  beep: {
    duration: 0.11,
    schedule(ctx, out) {
      tone(ctx, out, { wave: 'sine', freq: BEEP_HZ, dur: 0.09, gain: 0.25, attack: 0.004 });
    },
  },
  'round-start': {
    duration: 0.5,
    schedule(ctx, out) {
      arpeggio(ctx, out, [523.25, 659.25, 783.99, 1046.5], {
        step: 0.07,
        wave: 'triangle',
        gain: 0.28,
        last: 0.25,
      });
    },
  },
  'round-end': {
    duration: 0.7,
    schedule(ctx, out) {
      arpeggio(ctx, out, [783.99, 659.25, 783.99, 1046.5], {
        step: 0.09,
        wave: 'triangle',
        gain: 0.26,
        last: 0.4,
      });
    },
  },
  'game-over': {
    duration: 1.1,
    schedule(ctx, out) {
      arpeggio(ctx, out, [392, 349.23, 311.13, 261.63], {
        step: 0.16,
        wave: 'triangle',
        gain: 0.26,
        last: 0.6,
      });
    },
  },
  /** All 8 rounds played: a bright fanfare over a soft octave below. */
  finished: {
    duration: 1.15,
    schedule(ctx, out) {
      const melody = [523.25, 659.25, 783.99, 1046.5, 1318.5];
      arpeggio(ctx, out, melody, { step: 0.1, wave: 'triangle', gain: 0.26, last: 0.7 });
      arpeggio(ctx, out, [261.63, 329.63, 392, 523.25, 659.25], {
        step: 0.1,
        wave: 'sine',
        gain: 0.14,
        last: 0.7,
      });
    },
  },
} satisfies SoundSet;

export type WhacSoundName = keyof typeof WHAC_SOUNDS;
