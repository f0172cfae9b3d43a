/**
 * A whole song in a link's hash: `#song=v1.<base64url of deflate-raw of bit-packed fields>`.
 * Pure: no DOM, no clock; fresh loop ids come from the caller.
 *
 * Each version's layout is frozen in its own table below (field order, bits, ranges and
 * option lists copied, not imported), so a link made today opens the same way after the
 * editor's ranges or options change. A new layout is a new version with a new decoder;
 * old decoders stay.
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import type { EditorState } from './arrangement.ts';
import { BitReader, BitWriter, fromBase64Url, toBase64Url } from './bits.ts';
import { DEFAULT_LOOP_NAME, type Loop, type Pattern } from './document.ts';
import { cleanName, type FmRatio, type NumericParam, type SoundParams, sanitizeParams } from './params.ts';
import { clampDocumentBpm } from './tempo.ts';
import { STEPS } from './timing.ts';

/** What a link holds: the saved document's fields, plus the editor as it is heard. */
export interface Song {
  bpm: number;
  loops: Loop[];
  editor: EditorState;
  /** Index in `loops` of the loop the editor is linked to (plays in its place), or -1. */
  linkedIndex: number;
}

export const SONG_HASH_KEY = 'song';
export const LINK_VERSION = 1;
/** Far above any real song (about 15 bytes a loop plus names), low enough that a crafted link cannot eat memory. */
const MAX_DECODED_BYTES = 256 * 1024;
/** A link longer than this is refused before it is decoded. */
export const MAX_LINK_CHARS = 200_000;

// ---------------------------------------------------------------------------
// Version 1 layout (frozen).
// Bits: bpm, loop count, linked, editor {params, pattern}, loops {muted, params, pattern};
// then bytes: editor sound name, then each loop's name and sound name (length + UTF-8).
// Numbers are quantised to the editor's step (what knobs and keys produce).

const V1_INSTRUMENTS = ['analog', 'fm', 'drum'] as const;
const V1_OSCS = ['sine', 'square', 'sawtooth', 'triangle'] as const;
const V1_DRUMS = ['kick', 'snare', 'hat'] as const;
const V1_FM_RATIOS = ['1:4', '1:2', '3:4', '1:1', '3:2', '2:1', '3:1', '4:1', '5:1', '6:1', '8:1'] as const;
const V1_BPM = { min: 60, step: 0.1, bits: 11 };
/** min + step × n, n in 0 .. 2^bits − 1 (values held to [min, max]). */
const V1_NUMBERS: readonly { key: NumericParam; min: number; max: number; step: number; bits: number }[] = [
  { key: 'baseNote', min: 24, max: 96, step: 1, bits: 7 },
  { key: 'attack', min: 0, max: 1, step: 0.001, bits: 10 },
  { key: 'decay', min: 0, max: 2, step: 0.001, bits: 11 },
  { key: 'sustain', min: 0, max: 1, step: 0.01, bits: 7 },
  { key: 'release', min: 0, max: 2, step: 0.001, bits: 11 },
  { key: 'cutoff', min: 100, max: 8000, step: 1, bits: 13 },
  { key: 'resonance', min: 0.1, max: 20, step: 0.1, bits: 8 },
  { key: 'volume', min: 0, max: 1, step: 0.01, bits: 7 },
  { key: 'fmDepth', min: 0, max: 800, step: 1, bits: 10 },
];

function indexIn(options: readonly string[], value: string): number {
  const i = options.indexOf(value);
  return i < 0 ? 0 : i;
}

function quantise(value: number, f: (typeof V1_NUMBERS)[number]): number {
  const held = Math.min(f.max, Math.max(f.min, value));
  return Math.min(2 ** f.bits - 1, Math.round((held - f.min) / f.step));
}

function unquantise(n: number, f: (typeof V1_NUMBERS)[number]): number {
  // toFixed trims binary noise (0.1 + 3 × 0.1), as the editor's own rounding does.
  return Number(Math.min(f.max, f.min + n * f.step).toFixed(6));
}

function writeParamsV1(w: BitWriter, p: SoundParams) {
  w.write(indexIn(V1_INSTRUMENTS, p.instrumentType), 2);
  w.write(indexIn(V1_OSCS, p.oscType), 2);
  w.write(indexIn(V1_DRUMS, p.drumType), 2);
  w.write(indexIn(V1_FM_RATIOS, p.fmRatio), 4);
  w.write(p.delay ? 1 : 0, 1);
  for (const f of V1_NUMBERS) w.write(quantise(p[f.key], f), f.bits);
}

function readParamsV1(r: BitReader, name: string): SoundParams {
  const pick = <T extends string>(options: readonly T[], bits: number): T => {
    const i = r.read(bits);
    if (i >= options.length) throw new RangeError('An option is out of range');
    return options[i];
  };
  const raw: Record<string, unknown> = {
    name,
    instrumentType: pick(V1_INSTRUMENTS, 2),
    oscType: pick(V1_OSCS, 2),
    drumType: pick(V1_DRUMS, 2),
    fmRatio: pick(V1_FM_RATIOS, 4) as FmRatio,
    delay: r.read(1) === 1,
  };
  for (const f of V1_NUMBERS) raw[f.key] = unquantise(r.read(f.bits), f);
  return sanitizeParams(raw);
}

function writePattern(w: BitWriter, pattern: Pattern) {
  for (let i = 0; i < STEPS; i++) w.write(pattern[i] ? 1 : 0, 1);
}

function readPattern(r: BitReader): Pattern {
  return Array.from({ length: STEPS }, () => r.read(1) === 1);
}

function writeString(out: number[], text: string) {
  const bytes = strToU8(text);
  const w = new BitWriter();
  w.writeVarUint(bytes.length);
  out.push(...w.finish(), ...bytes);
}

function encodeV1(song: Song): Uint8Array {
  const w = new BitWriter();
  const bpm = Math.round((clampDocumentBpm(song.bpm) - V1_BPM.min) / V1_BPM.step);
  w.write(bpm, V1_BPM.bits);
  w.writeVarUint(song.loops.length);
  const linked = song.linkedIndex >= 0 && song.linkedIndex < song.loops.length ? song.linkedIndex + 1 : 0;
  w.writeVarUint(linked);
  writeParamsV1(w, song.editor.params);
  writePattern(w, song.editor.pattern);
  for (const loop of song.loops) {
    w.write(loop.muted ? 1 : 0, 1);
    writeParamsV1(w, loop.params);
    writePattern(w, loop.pattern);
  }
  // Names after the bits, byte-aligned, so deflate sees repeated names as repeats.
  const names: number[] = [];
  writeString(names, song.editor.params.name);
  for (const loop of song.loops) {
    writeString(names, loop.name);
    writeString(names, loop.params.name);
  }
  const bits = w.finish();
  const out = new Uint8Array(bits.length + names.length);
  out.set(bits);
  out.set(names, bits.length);
  return out;
}

function decodeV1(bytes: Uint8Array, makeId: () => string): Song {
  const r = new BitReader(bytes);
  const bpm = clampDocumentBpm(V1_BPM.min + r.read(V1_BPM.bits) * V1_BPM.step);
  const count = r.readVarUint();
  // Every loop takes at least 6 bytes of bits: a count beyond the data is a damaged link.
  if (count * 6 > bytes.length) throw new RangeError('The loop count does not match the data');
  const linked = r.readVarUint();
  if (linked > count) throw new RangeError('The linked loop does not exist');
  const editorParams = readParamsV1(r, '');
  const editorPattern = readPattern(r);
  const loops: { muted: boolean; params: SoundParams; pattern: Pattern }[] = [];
  for (let i = 0; i < count; i++) {
    const muted = r.read(1) === 1;
    loops.push({ muted, params: readParamsV1(r, ''), pattern: readPattern(r) });
  }
  let at = r.byteOffset;
  const readString = (): string => {
    const s = new BitReader(bytes.subarray(at));
    const length = s.readVarUint();
    const start = at + s.byteOffset;
    if (start + length > bytes.length) throw new RangeError('A name runs past the end');
    at = start + length;
    return strFromU8(bytes.subarray(start, start + length));
  };
  const editorName = readString();
  const song: Song = {
    bpm,
    editor: {
      params: { ...editorParams, name: cleanName(editorName, editorParams.name) },
      pattern: editorPattern,
    },
    loops: loops.map((l) => {
      const name = cleanName(readString(), DEFAULT_LOOP_NAME);
      const soundName = readString();
      return {
        id: makeId(),
        name,
        params: { ...l.params, name: cleanName(soundName, l.params.name) },
        pattern: l.pattern,
        muted: l.muted,
      };
    }),
    linkedIndex: linked - 1,
  };
  if (at !== bytes.length) throw new RangeError('Unexpected data after the song');
  return song;
}

// ---------------------------------------------------------------------------

type Decoder = (bytes: Uint8Array, makeId: () => string) => Song;

/** Every link version ever made, by number. Never remove one: old links must keep opening. */
const DECODERS: Readonly<Record<number, Decoder>> = {
  1: decodeV1,
};

/** The hash value (without `song=`) for a song, in the newest format. */
export function encodeSong(song: Song): string {
  const packed = encodeV1(song);
  return `v${LINK_VERSION}.${toBase64Url(deflateSync(packed, { level: 9, mem: 8 }))}`;
}

export type SongLinkResult =
  | { ok: true; song: Song; version: number }
  | { ok: false; reason: 'malformed' | 'too-new'; message: string };

export const MALFORMED_LINK_MESSAGE =
  'This song link is damaged or incomplete, so it could not be opened. The default song is open instead.';

export function tooNewLinkMessage(version: number): string {
  return `This song link was made by a newer version of Synth Loops (link format ${version}). Reload the page to update, then open the link again. The default song is open instead.`;
}

/** Reads a link made by this or any older version. Never throws. */
export function decodeSong(text: string, makeId: () => string): SongLinkResult {
  const malformed = { ok: false, reason: 'malformed', message: MALFORMED_LINK_MESSAGE } as const;
  if (text.length > MAX_LINK_CHARS) return malformed;
  const m = /^v(\d{1,6})\.([A-Za-z0-9_-]+)$/.exec(text.trim());
  if (!m) return malformed;
  const version = Number(m[1]);
  const decode = DECODERS[version];
  if (!decode) {
    return version > LINK_VERSION
      ? { ok: false, reason: 'too-new', message: tooNewLinkMessage(version) }
      : malformed;
  }
  try {
    const out = new Uint8Array(MAX_DECODED_BYTES + 1);
    const bytes = inflateSync(fromBase64Url(m[2]), { out });
    if (bytes.length > MAX_DECODED_BYTES) return malformed;
    return { ok: true, song: decode(bytes, makeId), version };
  } catch {
    return malformed;
  }
}

/** The `song=` value in a location hash (`#song=v1.…`, other `&`-separated keys allowed), or null. */
export function songFromHash(hash: string): string | null {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const part of h.split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === SONG_HASH_KEY) return decodeURIComponent(part.slice(eq + 1));
  }
  return null;
}

/** The hash for a song (replacing an older `song=` and keeping any other keys). */
export function hashWithSong(hash: string, encoded: string): string {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  const others = h.split('&').filter((p) => p !== '' && !p.startsWith(`${SONG_HASH_KEY}=`));
  return `#${[...others, `${SONG_HASH_KEY}=${encoded}`].join('&')}`;
}
