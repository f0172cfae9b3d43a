/**
 * Lunar Lander's sounds as recipes, rendered to assets/sounds/lunar-lander/*.wav by
 * `npm run sounds` and played with howler (ui/audio.ts): two engine loops (main thrust and
 * side thrusters), a chime on landing, a boom on crashing and UI blips. One-shots start and
 * end at silence; the loops are exactly periodic, so they repeat without a seam.
 */
import { brownNoiseBuffer } from '../../../lib/audio/noise.ts';
import type { SoundRecipe, SoundSet } from '../../../lib/audio/soundRecipe.ts';
import { envelope, filtered, SILENT } from '../../../lib/audio/tone.ts';
import { createRng } from '../../../lib/pure/rng.ts';

/** One note: a 12 ms linear attack from silence, then an exponential decay to silence. */
function tone(
  ctx: BaseAudioContext,
  out: AudioNode,
  freq: number,
  start: number,
  duration: number,
  type: OscillatorType,
  peak: number,
): void {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.value = freq;
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(peak, start + 0.012);
  gain.gain.exponentialRampToValueAtTime(SILENT, start + duration);
  osc.connect(gain).connect(out);
  osc.start(start);
  osc.stop(start + duration + 0.01);
}

/** A looped noise source whose buffer is exactly one loop period long. */
function loopedNoise(
  ctx: BaseAudioContext,
  period: number,
  seed: number,
  cornerHz: number,
): AudioBufferSourceNode {
  const src = ctx.createBufferSource();
  src.buffer = brownNoiseBuffer(ctx, Math.round(period * ctx.sampleRate), createRng(seed), {
    cornerHz,
    rms: 0.315,
    periodic: true,
  });
  src.loop = true;
  src.start(0);
  return src;
}

/** Loop periods in seconds (ui/audio.ts loops exactly this much of each file). */
export const THRUST_PERIOD = 2;
/** Engine flutter: a whole number of cycles per loop period keeps the loop seamless. */
const FLUTTER_HZ = 7.5;

/** Main engine: a low-passed rumble with a slight flutter, and a little hiss so small speakers hear it. */
const thrust: SoundRecipe = {
  duration: THRUST_PERIOD,
  loop: { warmup: 0.5 },
  schedule(ctx, out) {
    const rumble = loopedNoise(ctx, THRUST_PERIOD, 0x7a3f, 430);
    const lowpass = ctx.createBiquadFilter();
    lowpass.type = 'lowpass';
    lowpass.frequency.value = 700;
    lowpass.Q.value = 0.8;
    const level = ctx.createGain();
    level.gain.value = 0.55;
    const flutter = ctx.createOscillator();
    flutter.frequency.value = FLUTTER_HZ;
    const depth = ctx.createGain();
    depth.gain.value = 0.06;
    flutter.connect(depth).connect(level.gain);
    flutter.start(0);
    rumble.connect(lowpass).connect(level).connect(out);

    const hiss = loopedNoise(ctx, THRUST_PERIOD, 0x51c3, 2000);
    const band = ctx.createBiquadFilter();
    band.type = 'bandpass';
    band.frequency.value = 1400;
    band.Q.value = 0.7;
    const hissLevel = ctx.createGain();
    hissLevel.gain.value = 0.05;
    hiss.connect(band).connect(hissLevel).connect(out);
  },
};

export const SIDE_PERIOD = 1.5;

/** Side thrusters: a thin, higher hiss. */
const sideThrust: SoundRecipe = {
  duration: SIDE_PERIOD,
  loop: { warmup: 0.3 },
  schedule(ctx, out) {
    const noise = loopedNoise(ctx, SIDE_PERIOD, 0x2b1d, 730);
    const band = ctx.createBiquadFilter();
    band.type = 'bandpass';
    band.frequency.value = 2400;
    band.Q.value = 1.2;
    noise.connect(band).connect(out);
  },
};

/** Safe landing: a rising major arpeggio with a soft bell tail. */
const land: SoundRecipe = {
  duration: 1.25,
  schedule(ctx, out) {
    [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => {
      tone(ctx, out, f, i * 0.09, 0.9, 'sine', 0.22);
      tone(ctx, out, f * 2, i * 0.09, 0.35, 'triangle', 0.05);
    });
  },
};

/** Crash: a noise burst through a closing low-pass, over a falling sub thump. */
const crash: SoundRecipe = {
  duration: 1.7,
  schedule(ctx, out) {
    const src = ctx.createBufferSource();
    src.buffer = brownNoiseBuffer(ctx, Math.round(1.7 * ctx.sampleRate), createRng(0xb00), {
      cornerHz: 430,
      rms: 0.315,
    });
    filtered(ctx, src, out, {
      filter: { type: 'lowpass', freq: 3200, glide: [[120, 1.3]] },
      envelope: { peak: 1.4, peakAt: 0.004, end: 1.65 },
    });
    src.start(0);
    src.stop(1.69);

    const sub = ctx.createOscillator();
    sub.type = 'sine';
    sub.frequency.setValueAtTime(110, 0);
    sub.frequency.exponentialRampToValueAtTime(32, 0.8);
    sub.connect(envelope(ctx, { peak: 0.9, peakAt: 0.006, end: 0.95 })).connect(out);
    sub.start(0);
    sub.stop(1);
  },
};

export const LANDER_SOUNDS = {
  thrust,
  'side-thrust': sideThrust,
  land,
  crash,
  /** UI click for confirming buttons (Start, Continue). */
  'blip-up': {
    duration: 0.15,
    schedule(ctx, out) {
      tone(ctx, out, 880, 0, 0.09, 'triangle', 0.18);
      tone(ctx, out, 1320, 0.05, 0.08, 'triangle', 0.12);
    },
  },
  /** UI click for other buttons (back to the intro). */
  'blip-down': {
    duration: 0.11,
    schedule(ctx, out) {
      tone(ctx, out, 520, 0, 0.09, 'triangle', 0.18);
    },
  },
} satisfies SoundSet;

export type LanderSoundName = keyof typeof LANDER_SOUNDS;
