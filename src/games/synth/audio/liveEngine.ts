/**
 * The live clock: a lookahead scheduler on the audio clock. Every 25 ms a timer asks
 * the pure core for the steps due in the next 0.12 s and schedules their notes at
 * their exact audio times, so the UI thread's hiccups never move a note. The playhead
 * is not drawn per frame: listeners get a clock (when a step is heard, on the page's
 * timeline, and how long steps last) whenever Play, Stop or a tempo change alters it, and
 * run the playhead as compositor animations from it (ui/usePlayhead.ts).
 */
import * as Tone from 'tone';
import type { Track } from '../engine/arrangement.ts';
import type { SoundParams } from '../engine/params.ts';
import { BPM_DEFAULT } from '../engine/tempo.ts';
import {
  collectDueSteps,
  LOOKAHEAD_S,
  positionAtTime,
  SCHEDULE_INTERVAL_MS,
  type SchedulerState,
  setSchedulerBpm,
  startScheduler,
  stepDuration,
} from '../engine/timing.ts';
import { createMaster, playStep, VoiceBank } from './mix.ts';
import { createVoice, type Voice } from './voice.ts';

/**
 * When the playhead reaches each step, on the page's clock: step `index` (counted since
 * Play) is heard from `at` (ms on `document.timeline`, the clock of `performance.now()`),
 * and every step lasts `stepMs` from there on.
 */
export interface PlayheadClock {
  index: number;
  at: number;
  stepMs: number;
}

/** null when stopped. */
export type PlayheadListener = (clock: PlayheadClock | null) => void;

/**
 * How far the page's clock may drift from the audio clock before the playhead is set
 * again (the two clocks run at slightly different rates; a frame is 16.7 ms).
 */
export const RESYNC_MS = 8;
/** A tempo change counts as heard this early (its timer may fire a little before its step). */
const TEMPO_EARLY_S = 0.004;

/** Head start before step 1 so the first notes are not scheduled in the past. */
const START_DELAY_S = 0.06;
const MASTER_HEADROOM = 0.8;

export class LiveEngine {
  private readonly raw: BaseAudioContext;
  private readonly master: ReturnType<typeof createMaster>;
  private readonly bank: VoiceBank;
  private tracks: readonly Track[] = [];
  private bpm = BPM_DEFAULT;
  private state: SchedulerState | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The playhead's clock as listeners have it, the audio time of its step `index` and its tempo. */
  private clock: { view: PlayheadClock; time: number; bpm: number } | null = null;
  /** Tempo changes not heard yet: each takes over at its step's audio time, in the order made. */
  private tempoChanges: { index: number; time: number; bpm: number }[] = [];
  private readonly tempoTimers = new Set<ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<PlayheadListener>();
  private audition: Voice | null = null;
  /** Steps skipped because the timer stalled past the lookahead (diagnostics, benchmark). */
  missedSteps = 0;
  scheduledSteps = 0;

  private constructor(volume: number) {
    const context = Tone.getContext();
    // Every note here carries an explicit audio time, so Tone's own lookAhead never delays
    // one; it is left as it is (setting it to 0 would make Tone's ticker run at 100 Hz).
    this.raw = context.rawContext as unknown as BaseAudioContext;
    this.master = createMaster(volume * MASTER_HEADROOM);
    this.bank = new VoiceBank(this.master.input);
  }

  /** Must run inside a user gesture (browsers keep audio suspended until one). */
  static async start(volume: number): Promise<LiveEngine> {
    await Tone.start();
    return new LiveEngine(volume);
  }

  get playing(): boolean {
    return this.state !== null;
  }

  get currentTime(): number {
    return this.raw.currentTime;
  }

  setVolume(volume: number) {
    this.master.input.gain.rampTo(volume * MASTER_HEADROOM, 0.05);
  }

  setTracks(tracks: readonly Track[]) {
    this.tracks = tracks;
    this.bank.sync(tracks);
  }

  setBpm(bpm: number) {
    this.bpm = bpm;
    if (!this.state) return;
    const next = setSchedulerBpm(this.state, bpm);
    if (next === this.state) return;
    this.state = next;
    // Steps already scheduled keep the old tempo: the playhead changes pace when the first
    // step at the new one is heard.
    this.tempoChanges.push({ index: next.anchorIndex, time: next.anchorTime, bpm: next.bpm });
    const timer = setTimeout(
      () => {
        this.tempoTimers.delete(timer);
        this.applyTempoChanges();
      },
      Math.max(0, this.pageTimeOf(next.anchorTime) - performance.now()),
    );
    this.tempoTimers.add(timer);
  }

  play() {
    if (this.state) return;
    this.state = startScheduler(this.raw.currentTime + START_DELAY_S, this.bpm);
    this.tick();
    this.timer = setInterval(this.tick, SCHEDULE_INTERVAL_MS);
    this.setClock(0, this.state.anchorTime, this.state.bpm);
  }

  stop() {
    if (!this.state) return;
    this.state = null;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    for (const t of this.tempoTimers) clearTimeout(t);
    this.tempoTimers.clear();
    this.tempoChanges = [];
    const now = this.raw.currentTime;
    for (const v of this.bank.voices.values()) v.noteOff(now);
    this.clock = null;
    for (const l of this.listeners) l(null);
  }

  /** Where the sound now leaving the speakers is, in steps since Play (fractional); null when stopped. */
  playheadPosition(): number | null {
    return this.state ? positionAtTime(this.state, this.audibleTime()) : null;
  }

  /** Calls `listener` with the playhead's clock now and whenever it changes (Play, Stop, tempo, drift). */
  onPlayhead(listener: PlayheadListener): () => void {
    this.listeners.add(listener);
    listener(this.clock?.view ?? null);
    return () => this.listeners.delete(listener);
  }

  /** Keyboard / pad audition with the editor's sound. */
  noteOn(params: SoundParams, midi?: number) {
    if (!this.audition?.update(params)) {
      this.audition?.dispose();
      this.audition = createVoice(params, this.master.input);
    }
    this.audition.noteOn(this.raw.currentTime + 0.005, midi);
  }

  noteOff() {
    this.audition?.noteOff(this.raw.currentTime + 0.005);
  }

  dispose() {
    this.stop();
    this.bank.dispose();
    this.audition?.dispose();
    this.master.dispose();
    this.listeners.clear();
  }

  private readonly tick = () => {
    if (!this.state) return;
    const due = collectDueSteps(this.state, this.raw.currentTime, LOOKAHEAD_S);
    this.state = due.state;
    this.missedSteps += due.missed;
    for (const e of due.events) {
      playStep(this.tracks, this.bank.voices, e, this.state.bpm);
      this.scheduledSteps++;
    }
    // One output timestamp for the whole tick: reading it is a call into the audio thread's
    // state, and the tick runs 40 times a second on the main thread.
    const stamp = this.outputStamp();
    this.applyTempoChanges(stamp);
    // The page's clock and the audio clock drift apart slowly: set the playhead again when
    // its steps would be seen more than RESYNC_MS away from when they are heard.
    const clock = this.clock;
    if (clock && Math.abs(this.pageTimeOf(clock.time, stamp) - clock.view.at) > RESYNC_MS)
      this.setClock(clock.view.index, clock.time, clock.bpm);
  };

  /** The tempo changes now heard (a late timer is caught up by the scheduler's tick). */
  private applyTempoChanges(stamp = this.outputStamp()) {
    if (!this.state) return;
    const heard = this.audibleTime(stamp);
    let latest: { index: number; time: number; bpm: number } | null = null;
    while (this.tempoChanges.length > 0 && this.tempoChanges[0].time <= heard + TEMPO_EARLY_S)
      latest = this.tempoChanges.shift() ?? null;
    if (latest) this.setClock(latest.index, latest.time, latest.bpm);
  }

  /** Step `index` is heard at audio time `time`, at `bpm` from there on. */
  private setClock(index: number, time: number, bpm: number) {
    const view = { index, at: this.pageTimeOf(time), stepMs: stepDuration(bpm) * 1000 };
    this.clock = { view, time, bpm };
    for (const l of this.listeners) l(view);
  }

  /** The browser's pairing of audio time and page time at the speakers, where it gives one. */
  private outputStamp(): AudioTimestamp | null {
    const ctx = this.raw as AudioContext;
    const stamp = typeof ctx.getOutputTimestamp === 'function' ? ctx.getOutputTimestamp() : null;
    return stamp?.contextTime && stamp.performanceTime ? stamp : null;
  }

  /** The audio-clock time now leaving the speakers (output latency accounted for where the browser says). */
  private audibleTime(stamp = this.outputStamp()): number {
    if (stamp?.contextTime && stamp.performanceTime)
      return stamp.contextTime + (performance.now() - stamp.performanceTime) / 1000;
    return this.raw.currentTime;
  }

  /** When the sound of audio time `time` leaves the speakers, in `performance.now()` ms. */
  private pageTimeOf(time: number, stamp = this.outputStamp()): number {
    if (stamp?.contextTime && stamp.performanceTime)
      return stamp.performanceTime + (time - stamp.contextTime) * 1000;
    return performance.now() + (time - this.raw.currentTime) * 1000;
  }
}
