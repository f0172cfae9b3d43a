import { Howl, Howler } from 'howler';
import type { GainSource } from '../soundSettings.ts';
import { LOOP_PAD_SECONDS } from './soundRecipe.ts';

/** One sample a game plays: its bundled URL and its level in the game's mix (0..1). */
export interface SampleSpec {
  readonly url: string;
  readonly volume: number;
  /**
   * A loop rendered by `npm run sounds` (its recipe's period, in seconds): played with
   * `setLooping`, faded in and out, looping only the period between the file's pads.
   */
  readonly loop?: { readonly seconds: number };
}

const LOOP_SPRITE = 'loop';

interface LoopState {
  id: number | null;
  on: boolean;
}

/** Fade lengths for looping samples, in milliseconds: a quick swell in, a softer tail out. */
const LOOP_FADE_IN_MS = 40;
const LOOP_FADE_OUT_MS = 160;

/**
 * A game's sound samples, played with howler. Nothing is created before the first user
 * gesture (`unlock`): then every Howl is made (howler creates its AudioContext inside the
 * gesture) and loads its file. Each Howl's volume is its mix level times the game's own
 * gain (its volume setting, 0 when muted) and follows it; no other game's setting enters.
 */
export class SampleBank<Name extends string> {
  private howls: Map<Name, Howl> | null = null;
  private readonly loops = new Map<Name, LoopState>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly specs: Readonly<Record<Name, SampleSpec>>,
    private readonly source: GainSource,
  ) {}

  /** Call from a click/keypress handler. Safe to call often; does nothing without a window. */
  unlock(): void {
    if (typeof window === 'undefined') return;
    if (!this.howls) {
      const volume = this.source.gain();
      this.howls = new Map(
        this.names().map((name) => {
          const spec = this.specs[name];
          const howl = new Howl({
            src: [spec.url],
            // Hashed build names end in .wav, dev URLs may carry a query: say it outright.
            format: ['wav'],
            volume: spec.loop ? 0 : spec.volume * volume,
            sprite: spec.loop
              ? { [LOOP_SPRITE]: [LOOP_PAD_SECONDS * 1000, spec.loop.seconds * 1000, true] }
              : undefined,
          });
          return [name, howl] as const;
        }),
      );
      this.unsubscribe = this.source.subscribe(() => this.applyVolume());
    }
    const ctx = Howler.ctx as AudioContext | null | undefined;
    if (ctx?.state === 'suspended') void ctx.resume().catch(() => {});
  }

  /**
   * Plays a one-shot sample; `rate` changes its speed and pitch together (1 = as rendered),
   * `gain` (0..1) scales this one play below its mix level (e.g. by impact speed).
   */
  play(name: Name, rate = 1, gain = 1): void {
    const howl = this.howls?.get(name);
    if (!howl || this.source.gain() === 0 || gain <= 0) return;
    const id = howl.play();
    if (rate !== 1) howl.rate(rate, id);
    if (gain < 1) howl.volume(this.specs[name].volume * this.source.gain() * gain, id);
  }

  /** Starts or stops a looping sample with a short fade. Cheap to call every frame: only changes act. */
  setLooping(name: Name, on: boolean): void {
    const howl = this.howls?.get(name);
    if (!howl) return;
    let state = this.loops.get(name);
    if (!state) {
      state = { id: null, on: false };
      this.loops.set(name, state);
    }
    if (state.on === on) return;
    state.on = on;
    const loop = state;
    if (on) {
      const target = this.specs[name].volume * this.source.gain();
      if (loop.id === null) {
        loop.id = howl.play(LOOP_SPRITE);
        howl.fade(0, target, LOOP_FADE_IN_MS, loop.id);
      } else {
        const from = howl.volume(loop.id) as number;
        if (!howl.playing(loop.id)) howl.play(loop.id);
        howl.fade(from, target, LOOP_FADE_IN_MS, loop.id);
      }
    } else if (loop.id !== null) {
      const id = loop.id;
      howl.fade(howl.volume(id) as number, 0, LOOP_FADE_OUT_MS, id);
      // Pause (keeping the position) once silent, unless it was switched back on meanwhile.
      howl.once(
        'fade',
        () => {
          if (!loop.on && this.howls?.get(name) === howl) howl.pause(id);
        },
        id,
      );
    }
  }

  /** Stops and unloads every sample; a later `unlock` starts afresh. */
  dispose(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const howl of this.howls?.values() ?? []) howl.unload();
    this.howls = null;
    this.loops.clear();
  }

  private names(): Name[] {
    return Object.keys(this.specs) as Name[];
  }

  private applyVolume(): void {
    if (!this.howls) return;
    const volume = this.source.gain();
    for (const [name, howl] of this.howls) {
      const spec = this.specs[name];
      if (!spec.loop) {
        howl.volume(spec.volume * volume);
        continue;
      }
      const loop = this.loops.get(name);
      // A loop that is on jumps to its new level; one fading out or paused stays silent.
      if (loop?.on && loop.id !== null) howl.volume(spec.volume * volume, loop.id);
    }
  }
}
