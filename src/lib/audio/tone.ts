/** Building blocks for sound recipes (src/lib/audio/soundRecipe.ts) shared by the games. */

/** The envelope floor (−80 dB): envelopes ramp exponentially from and to it, so nothing clicks. */
export const SILENT = 0.0001;

/** One enveloped oscillator note with an optional pitch glide, starting `at` seconds in. */
export function tone(
  ctx: BaseAudioContext,
  out: AudioNode,
  {
    wave,
    freq,
    toFreq,
    at = 0,
    dur,
    gain,
    attack = 0.005,
  }: {
    wave: OscillatorType;
    freq: number;
    toFreq?: number;
    at?: number;
    dur: number;
    gain: number;
    attack?: number;
  },
): void {
  const osc = ctx.createOscillator();
  osc.type = wave;
  osc.frequency.setValueAtTime(freq, at);
  if (toFreq) osc.frequency.exponentialRampToValueAtTime(toFreq, at + dur);
  osc.connect(envelope(ctx, { at, peak: gain, peakAt: at + attack, end: at + dur })).connect(out);
  osc.start(at);
  osc.stop(at + dur + 0.01);
}

/**
 * An envelope: a gain node that rises from SILENT at `at` to `peak` by `peakAt`, steps to each
 * of `holds` ([gain, time]) in turn, and falls back to SILENT by `end` (times in seconds from
 * the recipe's start; ramps exponential).
 */
export interface EnvelopeShape {
  at?: number;
  peak: number;
  peakAt: number;
  holds?: readonly (readonly [gain: number, time: number])[];
  end: number;
}

export function envelope(
  ctx: BaseAudioContext,
  { at = 0, peak, peakAt, holds = [], end }: EnvelopeShape,
): GainNode {
  const env = ctx.createGain();
  env.gain.setValueAtTime(SILENT, at);
  env.gain.exponentialRampToValueAtTime(peak, peakAt);
  for (const [gain, time] of holds) env.gain.setValueAtTime(gain, time);
  env.gain.exponentialRampToValueAtTime(SILENT, end);
  return env;
}

/**
 * A biquad filter of `type` at `freq` from `at`, gliding exponentially through `glide`
 * ([Hz, time] in turn), with its Q set when `q` is given.
 */
export interface FilterShape {
  type: BiquadFilterType;
  freq: number;
  glide?: readonly (readonly [freq: number, time: number])[];
  q?: number;
}

export function filter(
  ctx: BaseAudioContext,
  { type, freq, glide = [], q }: FilterShape,
  at = 0,
): BiquadFilterNode {
  const node = ctx.createBiquadFilter();
  node.type = type;
  node.frequency.setValueAtTime(freq, at);
  for (const [to, time] of glide) node.frequency.exponentialRampToValueAtTime(to, time);
  if (q !== undefined) node.Q.setValueAtTime(q, at);
  return node;
}

/**
 * The shape most of the games' sounds share: `source` through a filter, then an envelope,
 * into `out`, both from the envelope's `at`. The caller starts (and stops) the source.
 */
export function filtered(
  ctx: BaseAudioContext,
  source: AudioNode,
  out: AudioNode,
  shape: { filter: FilterShape; envelope: EnvelopeShape },
): void {
  const at = shape.envelope.at ?? 0;
  source
    .connect(filter(ctx, shape.filter, at))
    .connect(envelope(ctx, shape.envelope))
    .connect(out);
}
