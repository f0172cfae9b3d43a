/**
 * Crit Happens' sounds as recipes, rendered to assets/sounds/crit-happens/*.wav by
 * `npm run sounds` and played with howler (ui/sound.ts): three dice clacks (played at a
 * volume from the impact speed, at slightly varied rates), a brass fanfare for a natural
 * 20, a sad trombone for a natural 1, and a firework pop for the double twenty.
 */
import { whiteNoiseBuffer } from '../../../lib/audio/noise.ts';
import type { SoundSet } from '../../../lib/audio/soundRecipe.ts';
import { filtered, tone } from '../../../lib/audio/tone.ts';
import { createRng } from '../../../lib/pure/rng.ts';

/** A hard plastic die hitting felt or another die: a band-passed noise tick plus two short resonances. */
function clack(seed: number, centre: number, ring: number) {
  return {
    duration: 0.12,
    schedule(ctx: BaseAudioContext, out: AudioNode) {
      const noise = whiteNoiseBuffer(
        ctx,
        Math.round(ctx.sampleRate * 0.06),
        createRng(seed),
        (p) => (1 - p) ** 3,
      );
      const src = ctx.createBufferSource();
      src.buffer = noise;
      filtered(ctx, src, out, {
        filter: { type: 'bandpass', freq: centre, q: 1.6 },
        envelope: { peak: 0.9, peakAt: 0.0015, end: 0.06 },
      });
      src.start(0);
      tone(ctx, out, { wave: 'sine', freq: ring, dur: 0.05, gain: 0.22, attack: 0.001 });
      tone(ctx, out, { wave: 'triangle', freq: ring * 1.53, dur: 0.035, gain: 0.1, attack: 0.001 });
    },
  };
}

/** A brass voice: sawtooth through a low-pass that opens with the note (the "blat" of a horn). */
function brass(
  ctx: BaseAudioContext,
  out: AudioNode,
  freq: number,
  at: number,
  dur: number,
  gain: number,
): void {
  const osc = ctx.createOscillator();
  osc.type = 'sawtooth';
  osc.frequency.setValueAtTime(freq, at);
  filtered(ctx, osc, out, {
    filter: {
      type: 'lowpass',
      freq: freq * 1.5,
      glide: [
        [freq * 6, at + 0.06],
        [freq * 3, at + dur],
      ],
    },
    envelope: { at, peak: gain, peakAt: at + 0.03, holds: [[gain * 0.8, at + dur * 0.7]], end: at + dur },
  });
  osc.start(at);
  osc.stop(at + dur + 0.02);
}

export const CRIT_SOUNDS = {
  'clack-1': clack(101, 2600, 1850),
  'clack-2': clack(202, 3300, 2300),
  'clack-3': clack(303, 2100, 1500),
  /** Natural 20: ta-ta-ta-taaa, then the chord. */
  fanfare: {
    duration: 1.7,
    schedule(ctx, out) {
      const g = 0.2;
      brass(ctx, out, 392, 0, 0.14, g);
      brass(ctx, out, 392, 0.15, 0.14, g);
      brass(ctx, out, 392, 0.3, 0.14, g);
      brass(ctx, out, 523.25, 0.45, 1.1, g);
      brass(ctx, out, 659.25, 0.45, 1.1, g * 0.8);
      brass(ctx, out, 783.99, 0.45, 1.1, g * 0.7);
      tone(ctx, out, { wave: 'sine', freq: 1046.5, at: 0.47, dur: 1.0, gain: 0.08, attack: 0.02 });
    },
  },
  /** Natural 1: the sad trombone, wah wah wah waaah, the last note wobbling. */
  sad: {
    duration: 2.1,
    schedule(ctx, out) {
      const notes: [number, number, number][] = [
        [293.66, 0, 0.36],
        [277.18, 0.42, 0.36],
        [261.63, 0.84, 0.36],
      ];
      for (const [freq, at, dur] of notes) brass(ctx, out, freq, at, dur, 0.22);
      const osc = ctx.createOscillator();
      osc.type = 'sawtooth';
      osc.frequency.setValueAtTime(246.94, 1.26);
      osc.frequency.linearRampToValueAtTime(233.08, 2.0);
      const lfo = ctx.createOscillator();
      lfo.frequency.setValueAtTime(5.5, 1.26);
      const depth = ctx.createGain();
      depth.gain.setValueAtTime(6, 1.26);
      lfo.connect(depth).connect(osc.frequency);
      filtered(ctx, osc, out, {
        filter: { type: 'lowpass', freq: 900, glide: [[400, 2.05]] },
        envelope: { at: 1.26, peak: 0.22, peakAt: 1.3, end: 2.08 },
      });
      osc.start(1.26);
      lfo.start(1.26);
      osc.stop(2.1);
      lfo.stop(2.1);
    },
  },
  /** A firework: a thump, a bang, then crackle. */
  firework: {
    duration: 1.2,
    schedule(ctx, out) {
      tone(ctx, out, { wave: 'sine', freq: 180, toFreq: 50, dur: 0.25, gain: 0.5, attack: 0.002 });
      const rng = createRng(4242);
      const bang = whiteNoiseBuffer(ctx, Math.round(ctx.sampleRate * 1.15), rng, (p) => {
        const crackle = p > 0.15 && rng.next() < 0.02 ? 1 : 0.08;
        return (1 - p) ** 2 * crackle + (p < 0.05 ? 1 - p * 20 : 0);
      });
      const src = ctx.createBufferSource();
      src.buffer = bang;
      filtered(ctx, src, out, {
        filter: { type: 'lowpass', freq: 5000, glide: [[1500, 1.1]] },
        envelope: { peak: 1, peakAt: 0.004, holds: [[1, 0.9]], end: 1.18 },
      });
      src.start(0);
    },
  },
} satisfies SoundSet;

export type CritSoundName = keyof typeof CRIT_SOUNDS;
