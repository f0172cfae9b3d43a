import { Howl, Howler } from 'howler';
import type { GainSource } from '../soundSettings.ts';
import { LOOP_PAD_SECONDS } from './soundRecipe.ts';
import { WebAudioLoop } from './webAudioLoop.ts';

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

/** A loop's state: whether the game wants it on, and its player once its file is decoded. */
interface LoopSlot {
  on: boolean;
  player: WebAudioLoop | null;
}

/** Fade lengths for looping samples, in seconds: a quick swell in, a softer tail out. */
const LOOP_FADE_IN_SECONDS = 0.04;
const LOOP_FADE_OUT_SECONDS = 0.16;
/** A loop that is on follows a volume change over this (a jump would click). */
const LOOP_LEVEL_SECONDS = 0.02;

/**
 * Loops sounding on this page, across banks. Howler suspends its AudioContext 30 s after its
 * own last sound ends, and the loops play past howler (WebAudioLoop): while one sounds, that
 * suspension is held off.
 */
let loopsSounding = 0;

function countLoop(sounding: boolean): void {
  loopsSounding += sounding ? 1 : -1;
  Howler.autoSuspend = loopsSounding === 0;
  if (sounding) resumeAudio();
}

/** Wakes howler's AudioContext if it was suspended (by howler, or by a page left in the background). */
function resumeAudio(): void {
  const ctx = Howler.ctx as AudioContext | null | undefined;
  if (ctx?.state === 'suspended') void ctx.resume().catch(() => {});
}

/**
 * A game's sound samples: one-shots played with howler, loops with WebAudioLoop (faded on
 * the audio thread; howler's fades and looping sprites run main-thread timers every few
 * milliseconds). Nothing is created before the first user gesture (`unlock`): then every
 * Howl is made (howler creates its AudioContext inside the gesture) and loads its file, and
 * each loop's file is fetched and decoded into that context. Each sample's level is its mix
 * level times the game's own gain (its volume setting, 0 when muted) and follows it; no other
 * game's setting enters. Without Web Audio (howler on HTML5 audio) the loops stay silent.
 */
export class SampleBank<Name extends string> {
  private howls: Map<Name, Howl> | null = null;
  private readonly loops = new Map<Name, LoopSlot>();
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
      const howls = new Map<Name, Howl>();
      this.howls = howls;
      for (const name of this.names()) {
        const spec = this.specs[name];
        if (spec.loop) this.loadLoop(name, spec.url, spec.loop.seconds);
        else
          howls.set(
            name,
            new Howl({
              src: [spec.url],
              // Hashed build names end in .wav, dev URLs may carry a query: say it outright.
              format: ['wav'],
              volume: spec.volume * volume,
            }),
          );
      }
      this.unsubscribe = this.source.subscribe(() => this.applyVolume());
    }
    resumeAudio();
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
    const slot = this.loops.get(name);
    if (!slot || slot.on === on) return;
    slot.on = on;
    countLoop(on);
    if (!slot.player) return;
    if (on) slot.player.start(this.loopLevel(name), LOOP_FADE_IN_SECONDS);
    else slot.player.stop(LOOP_FADE_OUT_SECONDS);
  }

  /** Stops and unloads every sample; a later `unlock` starts afresh. */
  dispose(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const howl of this.howls?.values() ?? []) howl.unload();
    this.howls = null;
    for (const slot of this.loops.values()) {
      if (slot.on) countLoop(false);
      slot.player?.dispose();
    }
    this.loops.clear();
  }

  /**
   * Fetches and decodes a loop's file into howler's AudioContext, through its master gain (so
   * howler's global mute still applies); a loop switched on meanwhile starts when it is ready.
   * A file that fails to load leaves its loop silent, as howler leaves a one-shot.
   */
  private loadLoop(name: Name, url: string, seconds: number): void {
    // Howler.volume() makes howler's AudioContext if no Howl has yet.
    Howler.volume();
    const ctx = Howler.ctx as AudioContext | null | undefined;
    const out = Howler.masterGain as GainNode | null | undefined;
    if (!Howler.usingWebAudio || !ctx || !out) return;
    const slot: LoopSlot = { on: false, player: null };
    this.loops.set(name, slot);
    fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        return response.arrayBuffer();
      })
      .then((bytes) => ctx.decodeAudioData(bytes))
      .then(
        (buffer) => {
          if (this.loops.get(name) !== slot) return;
          slot.player = new WebAudioLoop(ctx, out, buffer, { start: LOOP_PAD_SECONDS, seconds });
          if (slot.on) slot.player.start(this.loopLevel(name), LOOP_FADE_IN_SECONDS);
        },
        () => {},
      );
  }

  private loopLevel(name: Name): number {
    return this.specs[name].volume * this.source.gain();
  }

  private names(): Name[] {
    return Object.keys(this.specs) as Name[];
  }

  private applyVolume(): void {
    const volume = this.source.gain();
    for (const [name, howl] of this.howls ?? []) howl.volume(this.specs[name].volume * volume);
    // A loop that is on moves to its new level; one off stays silent.
    for (const [name, slot] of this.loops) slot.player?.setLevel(this.loopLevel(name), LOOP_LEVEL_SECONDS);
  }
}
