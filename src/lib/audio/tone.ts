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
  const env = ctx.createGain();
  env.gain.setValueAtTime(SILENT, at);
  env.gain.exponentialRampToValueAtTime(gain, at + attack);
  env.gain.exponentialRampToValueAtTime(SILENT, at + dur);
  osc.connect(env).connect(out);
  osc.start(at);
  osc.stop(at + dur + 0.01);
}
