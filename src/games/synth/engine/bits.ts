/**
 * Bit packing for song links: fields written with exactly the bits their range needs,
 * most significant bit first. Pure.
 */

export class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  /** Writes `value` (an integer 0 ≤ value < 2^bits, bits ≤ 32). */
  write(value: number, bits: number): void {
    if (!Number.isInteger(value) || value < 0 || value >= 2 ** bits)
      throw new RangeError(`${value} does not fit in ${bits} bits`);
    for (let b = bits - 1; b >= 0; b--) {
      this.current = (this.current << 1) | (Math.floor(value / 2 ** b) & 1);
      this.used++;
      if (this.used === 8) {
        this.bytes.push(this.current);
        this.current = 0;
        this.used = 0;
      }
    }
  }

  /** Any non-negative integer: 7 bits at a time, each group preceded by a "more follows" bit. */
  writeVarUint(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${value} is not a count`);
    let rest = value;
    for (;;) {
      const group = rest % 128;
      rest = Math.floor(rest / 128);
      this.write(rest > 0 ? 1 : 0, 1);
      this.write(group, 7);
      if (rest === 0) return;
    }
  }

  /** The bytes written, the last one padded with zero bits. */
  finish(): Uint8Array {
    const out = [...this.bytes];
    if (this.used > 0) out.push(this.current << (8 - this.used));
    return Uint8Array.from(out);
  }
}

export class BitReader {
  private bit = 0;
  constructor(private readonly bytes: Uint8Array) {}

  read(bits: number): number {
    if (this.bit + bits > this.bytes.length * 8) throw new RangeError('The data ends too early');
    let value = 0;
    for (let i = 0; i < bits; i++) {
      const byte = this.bytes[(this.bit >> 3) | 0];
      value = value * 2 + ((byte >> (7 - (this.bit & 7))) & 1);
      this.bit++;
    }
    return value;
  }

  readVarUint(): number {
    let value = 0;
    let scale = 1;
    for (let groups = 0; groups < 8; groups++) {
      const more = this.read(1);
      value += this.read(7) * scale;
      if (!more) return value;
      scale *= 128;
    }
    throw new RangeError('A count is too long');
  }

  /** Byte offset just past the last bit read (where byte-aligned data after the bits begins). */
  get byteOffset(): number {
    return Math.ceil(this.bit / 8);
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Base64url without padding (RFC 4648 §5): safe in a URL's hash as it is. No DOM (engines have no btoa). */
export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += ALPHABET[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new RangeError('Not base64url');
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let acc = 0;
  let bits = 0;
  let at = 0;
  for (const ch of text) {
    acc = ((acc << 6) | ALPHABET.indexOf(ch)) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (acc >> bits) & 255;
    }
  }
  return out;
}
