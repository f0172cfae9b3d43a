/** 16-bit PCM WAV encoding (RIFF, little-endian). Pure. */

export function encodeWav16(channels: readonly Float32Array[], sampleRate: number): Uint8Array {
  const numChannels = channels.length;
  if (numChannels === 0) throw new Error('encodeWav16: no channels');
  const frames = channels[0].length;
  const blockAlign = numChannels * 2;
  const dataBytes = frames * blockAlign;
  const out = new Uint8Array(44 + dataBytes);
  const view = new DataView(out.buffer);
  const ascii = (offset: number, s: string) => {
    for (let i = 0; i < s.length; i++) out[offset + i] = s.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, numChannels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  let o = 44;
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < numChannels; c++) {
      const s = Math.max(-1, Math.min(1, channels[c][i] || 0));
      view.setInt16(o, s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff), true);
      o += 2;
    }
  }
  return out;
}

export interface DecodedWav {
  sampleRate: number;
  channels: Float32Array[];
}

/** Reads back what encodeWav16 writes (tests, and checking an exported file). */
export function decodeWav16(bytes: Uint8Array): DecodedWav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (o: number) => String.fromCharCode(bytes[o], bytes[o + 1], bytes[o + 2], bytes[o + 3]);
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('Not a WAV file');
  let o = 12;
  let numChannels = 0;
  let sampleRate = 0;
  let bits = 0;
  while (o + 8 <= bytes.length) {
    const id = tag(o);
    const size = view.getUint32(o + 4, true);
    if (id === 'fmt ') {
      numChannels = view.getUint16(o + 10, true);
      sampleRate = view.getUint32(o + 12, true);
      bits = view.getUint16(o + 22, true);
    } else if (id === 'data') {
      if (bits !== 16) throw new Error('Only 16-bit PCM is read');
      const frames = Math.floor(size / (2 * numChannels));
      const channels = Array.from({ length: numChannels }, () => new Float32Array(frames));
      let p = o + 8;
      for (let i = 0; i < frames; i++)
        for (let c = 0; c < numChannels; c++) {
          channels[c][i] = view.getInt16(p, true) / 0x8000;
          p += 2;
        }
      return { sampleRate, channels };
    }
    o += 8 + size + (size % 2);
  }
  throw new Error('WAV has no data chunk');
}
