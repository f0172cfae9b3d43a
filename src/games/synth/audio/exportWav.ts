/** Song → 16-bit PCM WAV bytes (offline render), and the browser download. */
import { encodeWav16 } from '../engine/wav.ts';
import type { Track } from './mix.ts';
import { renderSong } from './render.ts';

export interface WavExportOptions {
  bpm: number;
  tracks: readonly Track[];
  bars: number;
  sampleRate?: number;
  tail?: number;
}

export async function renderSongWav(o: WavExportOptions): Promise<Uint8Array> {
  const { buffer } = await renderSong({
    ...o,
    channels: 2,
    sampleRate: o.sampleRate ?? 44100,
    tail: o.tail ?? 1.5,
  });
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c));
  return encodeWav16(channels, buffer.sampleRate);
}

export function downloadBytes(bytes: Uint8Array, filename: string, type = 'audio/wav') {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
