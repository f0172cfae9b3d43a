import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BitReader, BitWriter, fromBase64Url, toBase64Url } from './bits.ts';
import { sanitizePattern } from './document.ts';
import { PRESETS } from './params.ts';
import {
  decodeSong,
  encodeSong,
  hashWithSong,
  LINK_VERSION,
  MALFORMED_LINK_MESSAGE,
  type Song,
  songFromHash,
} from './songLink.ts';
import { typicalSong, worstCaseSong } from './testSongs.ts';

let n = 0;
const makeId = () => `id${n++}`;

/** A song with the loop ids dropped (links do not carry them: the opener makes new ones). */
function withoutIds(song: Song) {
  return { ...song, loops: song.loops.map(({ id: _id, ...rest }) => rest) };
}

function roundTrip(song: Song): Song {
  const r = decodeSong(encodeSong(song), makeId);
  if (!r.ok) throw new Error(r.message);
  return r.song;
}

/** The part of a share link before the song: what a full address adds to the hash value. */
const ADDRESS_PREFIX = 'https://futile.example/synth#song=';

describe('bit packing', () => {
  it('reads back what it wrote, fields of any width and counts of any size', () => {
    const w = new BitWriter();
    w.write(5, 3);
    w.write(0, 1);
    w.write(8191, 13);
    w.writeVarUint(0);
    w.writeVarUint(300);
    w.writeVarUint(2 ** 40);
    w.write(1, 1);
    const r = new BitReader(w.finish());
    expect([r.read(3), r.read(1), r.read(13)]).toEqual([5, 0, 8191]);
    expect([r.readVarUint(), r.readVarUint(), r.readVarUint(), r.read(1)]).toEqual([0, 300, 2 ** 40, 1]);
    expect(() => new BitWriter().write(8, 3)).toThrow(RangeError);
    expect(() => r.read(16)).toThrow(RangeError);
  });
});

describe('song links', () => {
  it('carry the whole song: bpm, every loop with its name, sound, pattern and mute, the editor and its link', () => {
    const song = worstCaseSong(1);
    const back = roundTrip(song);
    expect(withoutIds(back)).toEqual(withoutIds(song));
    expect(new Set(back.loops.map((l) => l.id)).size).toBe(16);
  });

  it('round-trip a typical song, an empty song and names in any script', () => {
    expect(withoutIds(roundTrip(typicalSong()))).toEqual(withoutIds(typicalSong()));
    const empty = worstCaseSong(2, 0);
    expect(withoutIds(roundTrip(empty))).toEqual(withoutIds(empty));
    const named = typicalSong(2);
    named.loops[0].name = 'Ноты и 音符 🎹';
    expect(roundTrip(named).loops[0].name).toBe('Ноты и 音符 🎹');
  });

  it('are versioned and URL-safe: v1, then base64url only', () => {
    const link = encodeSong(worstCaseSong(3));
    expect(link).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(LINK_VERSION).toBe(1);
    expect(encodeURIComponent(link)).toBe(link);
  });

  it('stay under 2,000 characters for 16 loops with dense random patterns and every param non-default', () => {
    const sizes = [1, 2, 3, 4, 5].map((seed) => (ADDRESS_PREFIX + encodeSong(worstCaseSong(seed))).length);
    const typical = (ADDRESS_PREFIX + encodeSong(typicalSong())).length;
    // Every one of the 33 names (16 loops, 16 sounds, the editor) typed out to the 40-character limit.
    const longNames = (ADDRESS_PREFIX + encodeSong(worstCaseSong(1, 16, 40))).length;
    console.info(
      `song link sizes (full address): worst ${Math.max(...sizes)} (${sizes.join(', ')}), typical ${typical}, 33 names of 40 random characters ${longNames}`,
    );
    for (const size of sizes) expect(size).toBeLessThan(2000);
    expect(typical).toBeLessThan(2000);
    expect(longNames).toBeLessThan(2000);
  });

  it('quantise numbers to the editor step, so a value the knobs make comes back exactly', () => {
    const song = typicalSong(1);
    song.loops[0].params = { ...song.loops[0].params, attack: 0.123, cutoff: 4321, resonance: 12.3 };
    expect(roundTrip(song).loops[0].params).toMatchObject({ attack: 0.123, cutoff: 4321, resonance: 12.3 });
    // Off the grid (an old saved song): the nearest step.
    song.loops[0].params = { ...song.loops[0].params, resonance: 0.74 };
    expect(roundTrip(song).loops[0].params.resonance).toBe(0.7);
  });
});

describe('links made by older versions', () => {
  /**
   * A version 1 link, written out literally: it must open as this song for as long as the
   * game exists. If this fails, a decoder was changed instead of a new version added.
   */
  const V1_LINK =
    'v1.83dw8HBtYI5j8OatYjYKzlp1RcOCKZOBzX0ec5SRkpKGaoMkUI5NmMeoiWNBA3d4flJSTqVCUmpOjqBbfmmRQn6eQklGqkJaTn5-EYt3ZnI2n3vO4W3J2ckZqXkKj-asYHECKgUA';

  it('a v1 link still opens as the song it was made from', () => {
    const r = decodeSong(V1_LINK, makeId);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const kick = PRESETS.find((p) => p.name === 'Kick');
    const bell = PRESETS.find((p) => p.name === 'Bell');
    expect(r.version).toBe(1);
    expect(r.song.bpm).toBe(123.4);
    expect(r.song.linkedIndex).toBe(1);
    expect(r.song.loops.map((l) => [l.name, l.muted])).toEqual([
      ['Four on the floor', false],
      ['Glöckchen ✨', true],
    ]);
    expect(r.song.loops[0].params).toEqual(kick);
    expect(r.song.loops[0].pattern).toEqual(sanitizePattern('x...x...x...x...'));
    expect(r.song.loops[1].params).toEqual({ ...bell, cutoff: 3210, resonance: 2.5, attack: 0.012 });
    expect(r.song.loops[1].pattern).toEqual(sanitizePattern('..x...x.x.....x.'));
    expect(r.song.editor.params).toEqual({ ...bell, name: 'Wobbly bell', fmDepth: 333, fmRatio: '5:1' });
    expect(r.song.editor.pattern).toEqual(sanitizePattern('x.x.x.x.x.x.x.xx'));
  });
});

describe('links that cannot be opened', () => {
  it.each([
    ['empty', ''],
    ['no version', 'abc'],
    ['not base64url', 'v1.ab+/cd'],
    ['not deflate', `v1.${toBase64Url(Uint8Array.from([255, 255, 255, 255]))}`],
    ['cut short', encodeSong(typicalSong()).slice(0, 120)],
    ['data after the song', `v1.${toBase64Url(deflateSync(Uint8Array.from([...new Uint8Array(40), 9, 9])))}`],
    ['version 0', 'v0.AAAA'],
  ])('%s: a clear message, never an exception', (_what, link) => {
    const r = decodeSong(link, makeId);
    expect(r).toEqual({ ok: false, reason: 'malformed', message: MALFORMED_LINK_MESSAGE });
  });

  it('a link from a newer version says so', () => {
    const r = decodeSong('v7.AAAA', makeId);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toBe('too-new');
    expect(r.message).toMatch(/newer version of Synth Loops.*Reload/);
  });

  it('a link that inflates to more than any song could be is refused', () => {
    const bomb = `v1.${toBase64Url(deflateSync(new Uint8Array(2_000_000)))}`;
    expect(bomb.length).toBeLessThan(10_000);
    expect(decodeSong(bomb, makeId).ok).toBe(false);
  });

  it('a loop count larger than the data is refused before anything is allocated', () => {
    const w = new BitWriter();
    w.write(400, 11);
    w.writeVarUint(2 ** 40);
    expect(decodeSong(`v1.${toBase64Url(deflateSync(w.finish()))}`, makeId).ok).toBe(false);
  });
});

describe('the song in the hash', () => {
  it('is found among other hash keys and replaced in place', () => {
    expect(songFromHash('#song=v1.abc')).toBe('v1.abc');
    expect(songFromHash('#x=1&song=v1.abc')).toBe('v1.abc');
    expect(songFromHash('#x=1')).toBeNull();
    expect(songFromHash('')).toBeNull();
    expect(hashWithSong('', 'v1.a')).toBe('#song=v1.a');
    expect(hashWithSong('#x=1&song=v1.old', 'v1.new')).toBe('#x=1&song=v1.new');
  });
});

describe('base64url', () => {
  it('gives the RFC 4648 test vectors, URL-safe and unpadded, and reads them back', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'Zg'],
      ['fo', 'Zm8'],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg'],
      ['fooba', 'Zm9vYmE'],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [text, encoded] of vectors) {
      const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
      expect(toBase64Url(bytes)).toBe(encoded);
      expect([...fromBase64Url(encoded)]).toEqual([...bytes]);
    }
    expect(toBase64Url(Uint8Array.from([0xfb, 0xff, 0xbf]))).toBe('-_-_');
    expect([...fromBase64Url('-_-_')]).toEqual([0xfb, 0xff, 0xbf]);
  });
});
