/**
 * Writes the PWA icons (public/icons/*.png) from code: the brand's yellow "F" on its
 * night-purple tile, like public/favicon.svg. No downloads, no image libraries: the
 * shapes are sampled 4×4 per pixel and written as PNG with node's zlib.
 *
 *   npx tsx scripts/generate-icons.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BG = [0x1b, 0x10, 0x30] as const;
const FG = [0xff, 0xcf, 0x4a] as const;
const RIM = [0xff, 0x6f, 0x91] as const;

type Rgb = readonly [number, number, number];

/** The "F" as rectangles in a 0..1 box (x0, y0, x1, y1). */
const GLYPH: readonly (readonly [number, number, number, number])[] = [
  [0.3, 0.2, 0.46, 0.8], // stem
  [0.3, 0.2, 0.74, 0.34], // top bar
  [0.3, 0.45, 0.66, 0.58], // middle bar
];

interface IconSpec {
  file: string;
  size: number;
  /** Maskable: full-bleed tile, glyph inside the central 80% safe zone. */
  maskable: boolean;
}

const ICONS: IconSpec[] = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

function insideRoundedRect(x: number, y: number, r: number): boolean {
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** Colour and coverage of one sample point in the unit square. */
function sample(x: number, y: number, maskable: boolean): { rgb: Rgb; alpha: number } {
  if (!maskable && !insideRoundedRect(x, y, 0.22)) return { rgb: BG, alpha: 0 };
  // The glyph box: whole tile for the plain icon, the safe zone's middle for maskable.
  const scale = maskable ? 0.7 : 1;
  const gx = (x - 0.5) / scale + 0.5;
  const gy = (y - 0.5) / scale + 0.5;
  // A thin accent rim under the glyph: a drop shadow offset down-right.
  const shadow = 0.025;
  const inGlyph = (px: number, py: number) =>
    GLYPH.some(([x0, y0, x1, y1]) => px >= x0 && px <= x1 && py >= y0 && py <= y1);
  if (inGlyph(gx, gy)) return { rgb: FG, alpha: 1 };
  if (inGlyph(gx - shadow, gy - shadow)) return { rgb: RIM, alpha: 1 };
  return { rgb: BG, alpha: 1 };
}

export function renderIcon(size: number, maskable: boolean): Buffer {
  const SS = 4;
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const s = sample((px + (sx + 0.5) / SS) / size, (py + (sy + 0.5) / SS) / size, maskable);
          r += s.rgb[0] * s.alpha;
          g += s.rgb[1] * s.alpha;
          b += s.rgb[2] * s.alpha;
          a += s.alpha;
        }
      }
      const o = (py * size + px) * 4;
      rgba[o] = a ? Math.round(r / a) : 0;
      rgba[o + 1] = a ? Math.round(g / a) : 0;
      rgba[o + 2] = a ? Math.round(b / a) : 0;
      rgba[o + 3] = Math.round((a / (SS * SS)) * 255);
    }
  }
  return encodePng(size, size, rgba);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An 8-bit RGBA PNG (filter 0 on every row). */
export function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++)
    rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = path.resolve('public/icons');
  fs.mkdirSync(outDir, { recursive: true });
  for (const icon of ICONS) {
    const png = renderIcon(icon.size, icon.maskable);
    fs.writeFileSync(path.join(outDir, icon.file), png);
    console.log(`public/icons/${icon.file}  ${icon.size}×${icon.size}  ${png.length} bytes`);
  }
}
