/**
 * A seamless loop (an engine's hum, a mower) switched on and off with fades that run on the
 * audio thread: each switch schedules a linear ramp on a GainNode and nothing else. Howler's
 * `fade` steps a main-thread timer every 4–9 ms for the fade's length, and a looping sprite
 * arms another timer every period; while a lander fires or a mower crosses cut and uncut
 * grass, those timers were a tenth of the page's main-thread time.
 *
 * Each switch on starts a voice (a looping buffer source through a gain of its own); each
 * switch off fades that voice out and stops it at the fade's end. On again during a fade out
 * starts a new voice beside the one still fading: a crossfade, never a click.
 */

/** Where the loop lies in its buffer, in seconds: the file holds it with a pad on either side. */
export interface LoopRegion {
  start: number;
  seconds: number;
}

interface Voice {
  source: AudioBufferSourceNode;
  gain: GainNode;
  /** The linear ramp scheduled last: its level is known at any time without reading the param. */
  from: number;
  to: number;
  startsAt: number;
  endsAt: number;
}

export class WebAudioLoop {
  private voice: Voice | null = null;

  constructor(
    private readonly ctx: BaseAudioContext,
    private readonly destination: AudioNode,
    private readonly buffer: AudioBuffer,
    private readonly region: LoopRegion,
  ) {}

  /** Whether a voice is on (not fading out). */
  get on(): boolean {
    return this.voice !== null;
  }

  /** Starts the loop, fading in from silence to `level` over `fadeSeconds`. Does nothing if on. */
  start(level: number, fadeSeconds: number, at = this.ctx.currentTime): void {
    if (this.voice) return;
    const source = this.ctx.createBufferSource();
    source.buffer = this.buffer;
    source.loop = true;
    source.loopStart = this.region.start;
    source.loopEnd = this.region.start + this.region.seconds;
    const gain = this.ctx.createGain();
    gain.gain.setValueAtTime(0, at);
    source.connect(gain).connect(this.destination);
    source.start(at, this.region.start);
    this.voice = { source, gain, from: 0, to: 0, startsAt: at, endsAt: at };
    ramp(this.voice, level, fadeSeconds, at);
  }

  /** Moves a sounding loop to `level` over `seconds` (a volume change; short, so no click). */
  setLevel(level: number, seconds: number, at = this.ctx.currentTime): void {
    if (this.voice) ramp(this.voice, level, seconds, at);
  }

  /** Fades the loop out over `fadeSeconds` and stops it there. Does nothing if off. */
  stop(fadeSeconds: number, at = this.ctx.currentTime): void {
    const voice = this.voice;
    if (!voice) return;
    this.voice = null;
    ramp(voice, 0, fadeSeconds, at);
    voice.source.stop(at + fadeSeconds);
    voice.source.onended = () => voice.gain.disconnect();
  }

  /** Silences and releases the loop at once. */
  dispose(): void {
    const voice = this.voice;
    this.voice = null;
    if (!voice) return;
    voice.source.stop();
    voice.gain.disconnect();
  }
}

/** The voice's level at `at` on the ramp scheduled last. */
function levelAt(voice: Voice, at: number): number {
  if (at >= voice.endsAt) return voice.to;
  if (at <= voice.startsAt) return voice.from;
  return voice.from + ((voice.to - voice.from) * (at - voice.startsAt)) / (voice.endsAt - voice.startsAt);
}

/** A linear ramp from wherever the voice is at `at` to `level`, replacing what was scheduled after. */
function ramp(voice: Voice, level: number, seconds: number, at: number): void {
  const from = levelAt(voice, at);
  const param = voice.gain.gain;
  param.cancelScheduledValues(at);
  // Cancelling a ramp under way takes its end away, and with it the slope up to `at` (the
  // level would hold at the ramp's start and jump): put back the part already under way.
  if (at > voice.startsAt && at < voice.endsAt) param.linearRampToValueAtTime(from, at);
  else param.setValueAtTime(from, at);
  param.linearRampToValueAtTime(level, at + seconds);
  Object.assign(voice, { from, to: level, startsAt: at, endsAt: at + seconds });
}
