import { effectiveVolume, useSoundSettings } from '../../../lib/soundSettings.ts';

/**
 * Lunar Lander sounds, synthesised with the Web Audio API (no files): a filtered-noise
 * engine rumble while thrusting, a chime on landing, a boom on crashing, and UI blips.
 * The AudioContext is created on the first user gesture (`unlock`), and every sound
 * goes through a master gain that follows the site-wide mute/volume store.
 */
export class LanderAudio {
  private ctx: AudioContext | null = null;
  private master: GainNode | null = null;
  private noise: AudioBuffer | null = null;
  private thrustGain: GainNode | null = null;
  private thrustFilter: BiquadFilterNode | null = null;
  private sideGain: GainNode | null = null;
  private unsubscribe: (() => void) | null = null;
  private thrusting = false;
  private siding = false;

  /** Call from a click/keypress handler. Safe to call often; does nothing without Web Audio. */
  unlock(): void {
    if (this.ctx) {
      if (this.ctx.state === 'suspended') void this.ctx.resume().catch(() => {});
      return;
    }
    const Ctor =
      window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return;
    try {
      this.ctx = new Ctor();
    } catch {
      return;
    }
    const ctx = this.ctx;
    this.master = ctx.createGain();
    this.master.gain.value = effectiveVolume();
    this.master.connect(ctx.destination);
    this.unsubscribe = useSoundSettings.subscribe(() => {
      if (this.master && this.ctx)
        this.master.gain.setTargetAtTime(effectiveVolume(), this.ctx.currentTime, 0.02);
    });

    // Two seconds of brown-ish noise, looped, for the engines and the boom.
    const length = ctx.sampleRate * 2;
    this.noise = ctx.createBuffer(1, length, ctx.sampleRate);
    const data = this.noise.getChannelData(0);
    let last = 0;
    for (let i = 0; i < length; i++) {
      last = (last + 0.06 * (Math.random() * 2 - 1)) / 1.06;
      data[i] = last * 3.2;
    }

    // Main engine: low-passed rumble with a little band-passed hiss on top.
    const src = ctx.createBufferSource();
    src.buffer = this.noise;
    src.loop = true;
    this.thrustFilter = ctx.createBiquadFilter();
    this.thrustFilter.type = 'lowpass';
    this.thrustFilter.frequency.value = 420;
    this.thrustFilter.Q.value = 0.8;
    this.thrustGain = ctx.createGain();
    this.thrustGain.gain.value = 0;
    src.connect(this.thrustFilter).connect(this.thrustGain).connect(this.master);

    // Side thrusters: a thin, higher hiss.
    const side = ctx.createBufferSource();
    side.buffer = this.noise;
    side.loop = true;
    side.playbackRate.value = 1.7;
    const sideFilter = ctx.createBiquadFilter();
    sideFilter.type = 'bandpass';
    sideFilter.frequency.value = 2400;
    sideFilter.Q.value = 1.2;
    this.sideGain = ctx.createGain();
    this.sideGain.gain.value = 0;
    side.connect(sideFilter).connect(this.sideGain).connect(this.master);
    src.start();
    side.start(0, 0.7);
  }

  /** Engine sounds follow the lander's firing bits (called per tick; only changes are scheduled). */
  setEngines(main: boolean, side: boolean): void {
    const ctx = this.ctx;
    if (!ctx || !this.thrustGain || !this.sideGain || !this.thrustFilter) return;
    const t = ctx.currentTime;
    if (main !== this.thrusting) {
      this.thrusting = main;
      this.thrustGain.gain.setTargetAtTime(main ? 0.55 : 0, t, main ? 0.03 : 0.08);
      this.thrustFilter.frequency.setTargetAtTime(main ? 700 : 300, t, 0.12);
    }
    if (side !== this.siding) {
      this.siding = side;
      this.sideGain.gain.setTargetAtTime(side ? 0.09 : 0, t, 0.02);
    }
  }

  silence(): void {
    this.setEngines(false, false);
  }

  private tone(freq: number, start: number, duration: number, type: OscillatorType, peak: number): void {
    const ctx = this.ctx;
    if (!ctx || !this.master) return;
    const osc = ctx.createOscillator();
    osc.type = type;
    osc.frequency.value = freq;
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(peak, start + 0.012);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
    osc.connect(gain).connect(this.master);
    osc.start(start);
    osc.stop(start + duration + 0.05);
  }

  /** A rising major arpeggio with a soft bell tail. */
  chime(): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const t = ctx.currentTime + 0.02;
    [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => {
      this.tone(f, t + i * 0.09, 0.9, 'sine', 0.22);
      this.tone(f * 2, t + i * 0.09, 0.35, 'triangle', 0.05);
    });
  }

  /** Noise burst through a closing low-pass, over a falling sub thump. */
  boom(): void {
    const ctx = this.ctx;
    if (!ctx || !this.master || !this.noise) return;
    const t = ctx.currentTime + 0.01;
    const src = ctx.createBufferSource();
    src.buffer = this.noise;
    const filter = ctx.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.setValueAtTime(3200, t);
    filter.frequency.exponentialRampToValueAtTime(120, t + 1.3);
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(1.4, t);
    gain.gain.exponentialRampToValueAtTime(0.001, t + 1.6);
    src.connect(filter).connect(gain).connect(this.master);
    src.start(t);
    src.stop(t + 1.7);
    const sub = ctx.createOscillator();
    sub.type = 'sine';
    sub.frequency.setValueAtTime(110, t);
    sub.frequency.exponentialRampToValueAtTime(32, t + 0.8);
    const subGain = ctx.createGain();
    subGain.gain.setValueAtTime(0.9, t);
    subGain.gain.exponentialRampToValueAtTime(0.001, t + 0.9);
    sub.connect(subGain).connect(this.master);
    sub.start(t);
    sub.stop(t + 1);
  }

  /** Short UI click; `up` for confirm, lower for other buttons. */
  blip(up = true): void {
    const ctx = this.ctx;
    if (!ctx) return;
    const t = ctx.currentTime + 0.005;
    this.tone(up ? 880 : 520, t, 0.09, 'triangle', 0.18);
    if (up) this.tone(1320, t + 0.05, 0.08, 'triangle', 0.12);
  }

  dispose(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    void this.ctx?.close().catch(() => {});
    this.ctx = null;
  }
}
