/**
 * One playable sound built from SoundParams with Tone.js: analog (oscillator →
 * resonant low-pass with its own envelope → ADSR), FM (carrier + modulator at a
 * ratio, deviation in Hz → low-pass) and synthesised drums (kick, snare, hat).
 * Every voice ends in its own gain (volume) and an optional feedback delay
 * (0.28 s, feedback 0.25). Times are absolute audio-clock seconds.
 */
import * as Tone from 'tone';
import {
  DELAY_FEEDBACK,
  DELAY_TIME_S,
  fmRatioValue,
  midiToFrequency,
  type SoundParams,
} from '../engine/params.ts';

export interface Voice {
  readonly params: SoundParams;
  /** Starts a note (or a drum hit) at `time`; `midi` defaults to the base note. */
  noteOn(time: number, midi?: number): void;
  /** Releases a held note (drums ignore it). */
  noteOff(time: number): void;
  /** A note of `duration` seconds: what the sequencer plays on each active step. */
  trigger(time: number, duration: number, midi?: number): void;
  /** Applies new params in place; false when the change needs a new voice (instrument, waveform, drum, delay). */
  update(params: SoundParams): boolean;
  dispose(): void;
}

/** Envelope times of exactly 0 make Tone's curves degenerate; 1 ms is inaudible. */
const t = (s: number) => Math.max(0.001, s);

/** Params whose change needs a rebuilt voice. */
export function voiceShapeKey(p: SoundParams): string {
  return `${p.instrumentType}|${p.oscType}|${p.drumType}|${p.delay ? 'd' : '-'}`;
}

const DELAY_WET = 0.3;

interface Built {
  nodes: Tone.ToneAudioNode[];
  input: Tone.ToneAudioNode;
  noteOn(time: number, freq: number): void;
  noteOff(time: number): void;
  trigger(time: number, duration: number, freq: number): void;
  set(p: SoundParams): void;
}

function analog(p: SoundParams): Built {
  const synth = new Tone.MonoSynth({
    oscillator: { type: p.oscType },
    filter: { type: 'lowpass', rolloff: -24, Q: p.resonance },
    envelope: { attack: t(p.attack), decay: t(p.decay), sustain: p.sustain, release: t(p.release) },
    filterEnvelope: {
      attack: t(p.attack),
      decay: t(p.decay * 0.8),
      sustain: 0.35,
      release: t(p.release),
      baseFrequency: p.cutoff,
      octaves: 1.6,
    },
  });
  return {
    nodes: [synth],
    input: synth,
    noteOn: (time, freq) => synth.triggerAttack(freq, time),
    noteOff: (time) => synth.triggerRelease(time),
    trigger: (time, dur, freq) => synth.triggerAttackRelease(freq, dur, time),
    set: (q) => {
      synth.set({
        envelope: { attack: t(q.attack), decay: t(q.decay), sustain: q.sustain, release: t(q.release) },
        filterEnvelope: {
          attack: t(q.attack),
          decay: t(q.decay * 0.8),
          release: t(q.release),
          baseFrequency: q.cutoff,
        },
      });
      synth.filter.Q.value = q.resonance;
    },
  };
}

function fm(p: SoundParams): Built {
  let params = p;
  const synth = new Tone.FMSynth({
    harmonicity: fmRatioValue(p.fmRatio),
    modulationIndex: p.fmDepth / midiToFrequency(p.baseNote),
    oscillator: { type: p.oscType },
    modulation: { type: 'sine' },
    envelope: { attack: t(p.attack), decay: t(p.decay), sustain: p.sustain, release: t(p.release) },
    modulationEnvelope: {
      attack: t(p.attack),
      decay: t(p.decay * 0.7),
      sustain: p.sustain * 0.6,
      release: t(p.release),
    },
  });
  const filter = new Tone.Filter({ type: 'lowpass', frequency: p.cutoff, Q: p.resonance, rolloff: -12 });
  synth.connect(filter);
  // Depth is a deviation in Hz, so the index follows the note played.
  const index = (time: number, freq: number) =>
    synth.modulationIndex.setValueAtTime(params.fmDepth / freq, time);
  return {
    nodes: [synth, filter],
    input: filter,
    noteOn: (time, freq) => {
      index(time, freq);
      synth.triggerAttack(freq, time);
    },
    noteOff: (time) => synth.triggerRelease(time),
    trigger: (time, dur, freq) => {
      index(time, freq);
      synth.triggerAttackRelease(freq, dur, time);
    },
    set: (q) => {
      params = q;
      synth.set({
        harmonicity: fmRatioValue(q.fmRatio),
        envelope: { attack: t(q.attack), decay: t(q.decay), sustain: q.sustain, release: t(q.release) },
        modulationEnvelope: {
          attack: t(q.attack),
          decay: t(q.decay * 0.7),
          sustain: q.sustain * 0.6,
          release: t(q.release),
        },
      });
      filter.set({ frequency: q.cutoff, Q: q.resonance });
    },
  };
}

function kick(p: SoundParams): Built {
  const body = new Tone.MembraneSynth({
    pitchDecay: 0.045,
    octaves: 5,
    oscillator: { type: 'sine' },
    envelope: { attack: t(p.attack), decay: t(p.decay), sustain: 0, release: t(p.release) },
  });
  const filter = new Tone.Filter({ type: 'lowpass', frequency: p.cutoff, Q: p.resonance });
  body.connect(filter);
  const hit = (time: number, freq: number) => body.triggerAttackRelease(freq, t(p.decay), time);
  return {
    nodes: [body, filter],
    input: filter,
    noteOn: hit,
    noteOff: () => {},
    trigger: (time, _d, freq) => hit(time, freq),
    set: (q) => {
      p = q;
      body.set({ envelope: { attack: t(q.attack), decay: t(q.decay), release: t(q.release) } });
      filter.set({ frequency: q.cutoff, Q: q.resonance });
    },
  };
}

function snare(p: SoundParams): Built {
  const noise = new Tone.NoiseSynth({
    noise: { type: 'white' },
    envelope: { attack: t(p.attack), decay: t(p.decay), sustain: 0, release: t(p.release) },
  });
  const body = new Tone.Synth({
    oscillator: { type: 'triangle' },
    envelope: { attack: t(p.attack), decay: t(p.decay * 0.5), sustain: 0, release: t(p.release * 0.5) },
  });
  const highpass = new Tone.Filter({ type: 'highpass', frequency: 900, Q: 0.7 });
  const filter = new Tone.Filter({ type: 'lowpass', frequency: p.cutoff, Q: p.resonance });
  const bodyGain = new Tone.Gain(0.45);
  noise.chain(highpass, filter);
  body.chain(bodyGain, filter);
  const hit = (time: number, freq: number) => {
    noise.triggerAttackRelease(t(p.decay), time);
    body.triggerAttackRelease(freq, t(p.decay * 0.5), time);
  };
  return {
    nodes: [noise, body, highpass, filter, bodyGain],
    input: filter,
    noteOn: hit,
    noteOff: () => {},
    trigger: (time, _d, freq) => hit(time, freq),
    set: (q) => {
      p = q;
      noise.set({ envelope: { attack: t(q.attack), decay: t(q.decay), release: t(q.release) } });
      body.set({ envelope: { attack: t(q.attack), decay: t(q.decay * 0.5), release: t(q.release * 0.5) } });
      filter.set({ frequency: q.cutoff, Q: q.resonance });
    },
  };
}

/** Hats: noise through a high-pass whose corner follows the cutoff (higher = thinner, brighter). */
function hat(p: SoundParams): Built {
  const noise = new Tone.NoiseSynth({
    noise: { type: 'white' },
    envelope: { attack: t(p.attack), decay: t(p.decay), sustain: 0, release: t(p.release) },
  });
  const corner = (q: SoundParams) => Math.max(2000, q.cutoff * 0.85);
  const filter = new Tone.Filter({ type: 'highpass', frequency: corner(p), Q: p.resonance });
  noise.connect(filter);
  const hit = (time: number) => noise.triggerAttackRelease(t(p.decay), time);
  return {
    nodes: [noise, filter],
    input: filter,
    noteOn: hit,
    noteOff: () => {},
    trigger: (time) => hit(time),
    set: (q) => {
      p = q;
      noise.set({ envelope: { attack: t(q.attack), decay: t(q.decay), release: t(q.release) } });
      filter.set({ frequency: corner(q), Q: q.resonance });
    },
  };
}

function build(p: SoundParams): Built {
  if (p.instrumentType === 'fm') return fm(p);
  if (p.instrumentType === 'drum')
    return p.drumType === 'snare' ? snare(p) : p.drumType === 'hat' ? hat(p) : kick(p);
  return analog(p);
}

/** Builds a voice in the current Tone context, connected to `destination`. */
export function createVoice(initial: SoundParams, destination: Tone.InputNode): Voice {
  let params = initial;
  const shape = voiceShapeKey(initial);
  const built = build(initial);
  const out = new Tone.Gain(initial.volume);
  built.input.connect(out);
  out.connect(destination);
  let delay: Tone.FeedbackDelay | null = null;
  if (initial.delay) {
    delay = new Tone.FeedbackDelay({ delayTime: DELAY_TIME_S, feedback: DELAY_FEEDBACK, wet: 1 });
    const send = new Tone.Gain(DELAY_WET);
    out.chain(send, delay, destination);
    built.nodes.push(send);
  }
  const freqOf = (midi?: number) => midiToFrequency(midi ?? params.baseNote);
  return {
    get params() {
      return params;
    },
    noteOn: (time, midi) => built.noteOn(time, freqOf(midi)),
    noteOff: (time) => built.noteOff(time),
    trigger: (time, duration, midi) => built.trigger(time, duration, freqOf(midi)),
    update(next) {
      if (voiceShapeKey(next) !== shape) return false;
      params = next;
      built.set(next);
      out.gain.rampTo(next.volume, 0.02);
      return true;
    },
    dispose() {
      for (const n of built.nodes) n.dispose();
      out.dispose();
      delay?.dispose();
    },
  };
}
