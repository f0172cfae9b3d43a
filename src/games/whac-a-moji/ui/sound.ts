/**
 * Whac-a-Moji sound effects, synthesised with the Web Audio API (no files). Short
 * envelopes that start and end at silence (exponential ramps from/to ~0) so nothing clicks.
 * The AudioContext is created on the first user gesture (`unlock`), never before.
 */
import { effectiveVolume, useSoundSettings } from '../../../lib/soundSettings.ts';

type Wave = OscillatorType;

export class WhacSound {
  private ctx: AudioContext | null = null;
  private master: GainNode | null = null;
  private noise: AudioBuffer | null = null;
  private unsubscribe: (() => void) | null = null;

  /** Call from a user gesture (Start Game): creates or resumes the AudioContext. */
  unlock(): void {
    if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return;
    if (!this.ctx) {
      try {
        this.ctx = new AudioContext({ latencyHint: 'interactive' });
      } catch {
        return;
      }
      this.master = this.ctx.createGain();
      // A gentle compressor keeps overlapping hits from clipping.
      const comp = this.ctx.createDynamicsCompressor();
      comp.threshold.value = -14;
      comp.ratio.value = 4;
      this.master.connect(comp).connect(this.ctx.destination);
      this.applyVolume();
      this.unsubscribe = useSoundSettings.subscribe(() => this.applyVolume());
    }
    if (this.ctx.state === 'suspended') void this.ctx.resume().catch(() => {});
  }

  dispose(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    void this.ctx?.close().catch(() => {});
    this.ctx = null;
    this.master = null;
  }

  private applyVolume() {
    if (!this.ctx || !this.master) return;
    const v = effectiveVolume();
    this.master.gain.setTargetAtTime(v * 0.7, this.ctx.currentTime, 0.015);
  }

  private ready(): AudioContext | null {
    if (!this.ctx || !this.master || effectiveVolume() === 0) return null;
    return this.ctx;
  }

  /** One enveloped oscillator note with an optional pitch glide. */
  private tone(
    ctx: AudioContext,
    {
      wave,
      freq,
      toFreq,
      at = 0,
      dur,
      gain,
      attack = 0.005,
    }: { wave: Wave; freq: number; toFreq?: number; at?: number; dur: number; gain: number; attack?: number },
  ) {
    const t0 = ctx.currentTime + 0.005 + at;
    const osc = ctx.createOscillator();
    osc.type = wave;
    osc.frequency.setValueAtTime(freq, t0);
    if (toFreq) osc.frequency.exponentialRampToValueAtTime(toFreq, t0 + dur);
    const env = ctx.createGain();
    env.gain.setValueAtTime(0.0001, t0);
    env.gain.exponentialRampToValueAtTime(gain, t0 + attack);
    env.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
    osc.connect(env).connect(this.master!);
    osc.start(t0);
    osc.stop(t0 + dur + 0.02);
  }

  /** A burst of filtered noise (the "thwack" of the mallet). */
  private thump(ctx: AudioContext, { dur, gain, cutoff }: { dur: number; gain: number; cutoff: number }) {
    if (!this.noise) {
      const length = Math.floor(ctx.sampleRate * 0.3);
      this.noise = ctx.createBuffer(1, length, ctx.sampleRate);
      const data = this.noise.getChannelData(0);
      // A fixed LCG: the noise does not need to be random per play, only noisy.
      let x = 12345;
      for (let i = 0; i < length; i++) {
        x = (x * 1103515245 + 12345) & 0x7fffffff;
        data[i] = (x / 0x3fffffff - 1) * (1 - i / length);
      }
    }
    const t0 = ctx.currentTime + 0.005;
    const src = ctx.createBufferSource();
    src.buffer = this.noise;
    const filter = ctx.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.setValueAtTime(cutoff, t0);
    filter.frequency.exponentialRampToValueAtTime(200, t0 + dur);
    const env = ctx.createGain();
    env.gain.setValueAtTime(0.0001, t0);
    env.gain.exponentialRampToValueAtTime(gain, t0 + 0.003);
    env.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
    src.connect(filter).connect(env).connect(this.master!);
    src.start(t0);
    src.stop(t0 + dur + 0.02);
  }

  /** A hit: a bonk whose pitch rises with the points (20 highest). */
  whack(points: number): void {
    const ctx = this.ready();
    if (!ctx) return;
    const base = points >= 20 ? 660 : points >= 10 ? 520 : 420;
    this.thump(ctx, { dur: 0.09, gain: 0.5, cutoff: 2400 });
    this.tone(ctx, { wave: 'triangle', freq: base, toFreq: base * 0.45, dur: 0.14, gain: 0.45 });
    if (points >= 20) this.tone(ctx, { wave: 'sine', freq: base * 2, at: 0.05, dur: 0.12, gain: 0.18 });
  }

  /** A missed click: a short, low, muffled buzz. */
  miss(): void {
    const ctx = this.ready();
    if (!ctx) return;
    this.tone(ctx, { wave: 'square', freq: 150, toFreq: 95, dur: 0.16, gain: 0.09 });
    this.thump(ctx, { dur: 0.05, gain: 0.15, cutoff: 700 });
  }

  /** An emoji got away: a falling "bloop". */
  timeout(): void {
    const ctx = this.ready();
    if (!ctx) return;
    this.tone(ctx, { wave: 'sine', freq: 520, toFreq: 180, dur: 0.28, gain: 0.3, attack: 0.01 });
  }

  /** Last-5-seconds beep; the final second is higher. */
  beep(secondsLeft: number): void {
    const ctx = this.ready();
    if (!ctx) return;
    const freq = secondsLeft <= 1 ? 1318.5 : 987.8;
    this.tone(ctx, { wave: 'sine', freq, dur: 0.09, gain: 0.25, attack: 0.004 });
  }

  private arpeggio(ctx: AudioContext, notes: number[], step: number, wave: Wave, gain: number, last = 0.25) {
    notes.forEach((freq, i) => {
      this.tone(ctx, {
        wave,
        freq,
        at: i * step,
        dur: i === notes.length - 1 ? last : step * 1.6,
        gain,
        attack: 0.008,
      });
    });
  }

  roundStart(): void {
    const ctx = this.ready();
    if (ctx) this.arpeggio(ctx, [523.25, 659.25, 783.99, 1046.5], 0.07, 'triangle', 0.28);
  }

  roundEnd(): void {
    const ctx = this.ready();
    if (ctx) this.arpeggio(ctx, [783.99, 659.25, 783.99, 1046.5], 0.09, 'triangle', 0.26, 0.4);
  }

  gameOver(): void {
    const ctx = this.ready();
    if (!ctx) return;
    this.arpeggio(ctx, [392, 349.23, 311.13, 261.63], 0.16, 'triangle', 0.26, 0.6);
  }

  finished(): void {
    const ctx = this.ready();
    if (!ctx) return;
    this.arpeggio(ctx, [523.25, 659.25, 783.99, 1046.5, 1318.5], 0.1, 'triangle', 0.26, 0.7);
    this.arpeggio(ctx, [261.63, 329.63, 392, 523.25, 659.25], 0.1, 'sine', 0.14, 0.7);
  }
}
