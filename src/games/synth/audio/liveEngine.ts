/**
 * The live clock: a lookahead scheduler on the audio clock. Every 25 ms a timer asks
 * the pure core for the steps due in the next 0.12 s and schedules their notes at
 * their exact audio times, so the UI thread's hiccups never move a note. The playing
 * step is drawn from the audio clock in requestAnimationFrame and handed to
 * listeners that toggle DOM classes (no React state per step).
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
  type StepEvent,
  setSchedulerBpm,
  startScheduler,
} from '../engine/timing.ts';
import { createMaster, playStep, VoiceBank } from './mix.ts';
import { createVoice, type Voice } from './voice.ts';

/** -1 when stopped. */
export type StepListener = (step: number) => void;

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
  private raf = 0;
  private queue: StepEvent[] = [];
  private shownStep = -1;
  private readonly listeners = new Set<StepListener>();
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
    if (this.state) this.state = setSchedulerBpm(this.state, bpm);
  }

  play() {
    if (this.state) return;
    this.state = startScheduler(this.raw.currentTime + START_DELAY_S, this.bpm);
    this.tick();
    this.timer = setInterval(this.tick, SCHEDULE_INTERVAL_MS);
    this.raf = requestAnimationFrame(this.frame);
  }

  stop() {
    if (!this.state) return;
    this.state = null;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    cancelAnimationFrame(this.raf);
    this.queue = [];
    const now = this.raw.currentTime;
    for (const v of this.bank.voices.values()) v.noteOff(now);
    this.show(-1);
  }

  /** Where the sound now leaving the speakers is, in steps since Play (fractional); null when stopped. */
  playheadPosition(): number | null {
    return this.state ? positionAtTime(this.state, this.audibleTime()) : null;
  }

  onStep(listener: StepListener): () => void {
    this.listeners.add(listener);
    listener(this.shownStep);
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
      this.queue.push(e);
      this.scheduledSteps++;
    }
  };

  /** The audio-clock time now leaving the speakers (output latency accounted for where the browser says). */
  private audibleTime(): number {
    const ctx = this.raw as AudioContext;
    const stamp = typeof ctx.getOutputTimestamp === 'function' ? ctx.getOutputTimestamp() : null;
    if (stamp?.contextTime && stamp.performanceTime)
      return stamp.contextTime + (performance.now() - stamp.performanceTime) / 1000;
    return ctx.currentTime;
  }

  private readonly frame = () => {
    const t = this.audibleTime();
    let step = this.shownStep;
    while (this.queue.length > 0 && this.queue[0].time <= t) step = (this.queue.shift() as StepEvent).step;
    this.show(step);
    this.raf = requestAnimationFrame(this.frame);
  };

  private show(step: number) {
    if (step === this.shownStep) return;
    this.shownStep = step;
    for (const l of this.listeners) l(step);
  }
}
