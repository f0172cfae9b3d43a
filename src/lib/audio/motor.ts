import { createRng } from '../pure/rng.ts';
import { brownNoiseBuffer } from './noise.ts';
import type { SoundRecipe } from './soundRecipe.ts';

/**
 * A motor's loop (the race's engines, Yardcore's mower): oscillator voices whose level
 * throbs with a slow sine, plus a looped rumble of brown noise, all through one low-pass.
 * Loop-safe when every frequency makes whole cycles in the loop's period.
 */
export interface MotorShape {
  /** The level of the whole, before the low-pass. */
  level: number;
  lowpass: { freq: number; q?: number };
  /** The voices' level, and its throb: a sine of `freq` Hz swinging it by ±`depth`. */
  throb: { level: number; freq: number; depth: number };
  /** Each voice's own gain, when it has one (without: straight in at full level). */
  voices: readonly { wave: OscillatorType; freq: number; gain?: number }[];
  /** The rumble: a buffer exactly one loop period long, looped; `seed` makes its noise. */
  noise: { seed: number; cornerHz: number; rms: number };
}

/** Seconds a motor runs before the period its file keeps, so the low-pass has settled. */
const MOTOR_WARMUP = 0.2;

/**
 * A motor's loop recipe, one `period` (seconds) long: its sources run through the warm-up
 * and three periods (the one kept, and enough either side for the file's pads).
 */
export function motorRecipe(period: number, shape: MotorShape): SoundRecipe {
  return {
    duration: period,
    loop: { warmup: MOTOR_WARMUP },
    schedule(ctx, out) {
      motorLoop(ctx, out, shape, period, MOTOR_WARMUP + period * 3);
    },
  };
}

function motorLoop(
  ctx: BaseAudioContext,
  out: AudioNode,
  shape: MotorShape,
  period: number,
  total: number,
): void {
  const bus = ctx.createGain();
  bus.gain.setValueAtTime(shape.level, 0);
  const lowpass = ctx.createBiquadFilter();
  lowpass.type = 'lowpass';
  lowpass.frequency.setValueAtTime(shape.lowpass.freq, 0);
  if (shape.lowpass.q !== undefined) lowpass.Q.setValueAtTime(shape.lowpass.q, 0);
  bus.connect(lowpass).connect(out);
  const amp = ctx.createGain();
  amp.gain.setValueAtTime(shape.throb.level, 0);
  const throb = ctx.createOscillator();
  throb.type = 'sine';
  throb.frequency.setValueAtTime(shape.throb.freq, 0);
  const depth = ctx.createGain();
  depth.gain.setValueAtTime(shape.throb.depth, 0);
  throb.connect(depth).connect(amp.gain);
  const voices = shape.voices.map(({ wave, freq, gain }) => {
    const osc = ctx.createOscillator();
    osc.type = wave;
    osc.frequency.setValueAtTime(freq, 0);
    if (gain === undefined) {
      osc.connect(amp);
    } else {
      const g = ctx.createGain();
      g.gain.setValueAtTime(gain, 0);
      osc.connect(g).connect(amp);
    }
    return osc;
  });
  amp.connect(bus);
  const { seed, cornerHz, rms } = shape.noise;
  const rumble = ctx.createBufferSource();
  rumble.buffer = brownNoiseBuffer(ctx, Math.round(period * ctx.sampleRate), createRng(seed), {
    cornerHz,
    rms,
    periodic: true,
  });
  rumble.loop = true;
  rumble.connect(bus);
  for (const node of [...voices, throb, rumble]) {
    node.start(0);
    node.stop(total);
  }
}
