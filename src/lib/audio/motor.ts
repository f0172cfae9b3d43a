import type { Rng } from '../pure/rng.ts';
import { brownNoiseBuffer } from './noise.ts';

/**
 * A motor's loop (the race's engines, Yardcore's mower): oscillator voices whose level
 * throbs with a slow sine, plus a looped rumble of brown noise, all through one low-pass.
 * Loop-safe when every frequency makes whole cycles in the noise's `period`.
 */
export interface MotorShape {
  /** Seconds to run the sources for: the loop's warm-up and a few periods. */
  total: number;
  /** The level of the whole, before the low-pass. */
  level: number;
  lowpass: { freq: number; q?: number };
  /** The voices' level, and its throb: a sine of `freq` Hz swinging it by ±`depth`. */
  throb: { level: number; freq: number; depth: number };
  /** Each voice's own gain, when it has one (without: straight in at full level). */
  voices: readonly { wave: OscillatorType; freq: number; gain?: number }[];
  /** The rumble: a buffer exactly one loop `period` long, looped. */
  noise: { period: number; rng: Rng; cornerHz: number; rms: number };
}

export function motorLoop(ctx: BaseAudioContext, out: AudioNode, shape: MotorShape): void {
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
  const { period, rng, cornerHz, rms } = shape.noise;
  const rumble = ctx.createBufferSource();
  rumble.buffer = brownNoiseBuffer(ctx, Math.round(period * ctx.sampleRate), rng, {
    cornerHz,
    rms,
    periodic: true,
  });
  rumble.loop = true;
  rumble.connect(bus);
  for (const node of [...voices, throb, rumble]) {
    node.start(0);
    node.stop(shape.total);
  }
}
