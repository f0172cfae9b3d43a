import { inflateSync } from 'node:zlib';
import { type CDPSession, expect, type Locator, type Page } from '@playwright/test';

/**
 * What a canvas game shows, read from screenshots: a small PNG decoder (8-bit RGB/RGBA, not
 * interlaced: what Chromium's screenshots are) and colour counts over the pixels, so a test
 * can tell a drawn scene from a black or empty canvas by what a player would see.
 */

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8Array;
}

export function decodePng(png: Buffer): Pixels {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      const colorType = body[9];
      if (depth !== 8 || body[12] !== 0)
        throw new Error(`unsupported PNG (depth ${depth}, interlace ${body[12]})`);
      channels = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
      if (!channels) throw new Error(`unsupported PNG colour type ${colorType}`);
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const cur = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? cur[i - channels] : 0;
      const b = prev[i];
      const c = i >= channels ? prev[i - channels] : 0;
      let v = line[i];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      cur[i] = v & 255;
    }
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      out[o] = cur[x * channels];
      out[o + 1] = cur[x * channels + 1];
      out[o + 2] = cur[x * channels + 2];
      out[o + 3] = channels === 4 ? cur[x * channels + 3] : 255;
    }
    prev = cur;
  }
  return { width, height, data: out };
}

/** The fraction of pixels within `tolerance` (per channel) of `rgb` (0xRRGGBB). */
export function fractionNear(pixels: Pixels, rgb: number, tolerance = 24): number {
  const r = (rgb >> 16) & 255;
  const g = (rgb >> 8) & 255;
  const b = rgb & 255;
  const d = pixels.data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) {
    if (
      Math.abs(d[i] - r) <= tolerance &&
      Math.abs(d[i + 1] - g) <= tolerance &&
      Math.abs(d[i + 2] - b) <= tolerance
    )
      n++;
  }
  return n / (pixels.width * pixels.height);
}

/** The fraction of pixels brighter than `luma` (0–255). */
export function fractionBrighter(pixels: Pixels, luma: number): number {
  const d = pixels.data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) if (0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2] > luma) n++;
  return n / (pixels.width * pixels.height);
}

/** Whether the pixel at byte offset `i` differs by more than `tolerance` in some channel. */
function pixelDiffers(a: Pixels, b: Pixels, i: number, tolerance: number): boolean {
  return (
    Math.abs(a.data[i] - b.data[i]) > tolerance ||
    Math.abs(a.data[i + 1] - b.data[i + 1]) > tolerance ||
    Math.abs(a.data[i + 2] - b.data[i + 2]) > tolerance
  );
}

/** The fraction of pixels that differ by more than `tolerance` in some channel (same-sized shots). */
export function fractionChanged(a: Pixels, b: Pixels, tolerance = 40): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) if (pixelDiffers(a, b, i, tolerance)) n++;
  return n / (a.width * a.height);
}

/**
 * Where two same-sized shots differ (as `fractionChanged` counts it): the box around the
 * changed pixels and their count, for a failure message that says what moved.
 */
export function changedRegion(a: Pixels, b: Pixels, tolerance = 40): string {
  if (a.width !== b.width || a.height !== b.height)
    return `sizes differ: ${a.width}×${a.height} and ${b.width}×${b.height}`;
  let n = 0;
  let x0 = a.width;
  let y0 = a.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < a.height; y++)
    for (let x = 0; x < a.width; x++) {
      if (pixelDiffers(a, b, (y * a.width + x) * 4, tolerance)) {
        n++;
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
    }
  if (!n) return 'no pixel changed';
  return `${n} pixels changed, within x ${x0}–${x1}, y ${y0}–${y1} of ${a.width}×${a.height}`;
}

/**
 * A screenshot of the page where `target` (a canvas) is, decoded. (Of the page, clipped: an
 * element screenshot first waits for the element to hold still over two animation frames,
 * which a page under 4× CPU throttling on a loaded machine can take longer than a test.)
 */
export async function shoot(target: Locator, path?: string): Promise<Pixels> {
  const box = await target.boundingBox();
  if (!box) throw new Error('the canvas is not on screen');
  const page = target.page();
  const viewport = page.viewportSize();
  const clip = {
    x: Math.max(0, box.x),
    y: Math.max(0, box.y),
    width: Math.min(box.width, (viewport?.width ?? box.width) - Math.max(0, box.x)),
    height: Math.min(box.height, (viewport?.height ?? box.height) - Math.max(0, box.y)),
  };
  return decodePng(await page.screenshot({ path, clip, animations: 'allow', timeout: 30_000 }));
}

/**
 * `shoot`, with whatever lies over the canvas (a menu, a HUD, touch buttons) hidden for the
 * shot: what the scene itself drew, so a judge cannot count a menu's white text as a drawn
 * scene. Everything above the canvas at any of a grid of points over it is hidden
 * (visibility), then shown again as it was.
 */
export async function shootCanvasAlone(target: Locator, path?: string): Promise<Pixels> {
  // Each hidden element with its own inline visibility, to put back after the shot.
  const hidden = await target.evaluateHandle((canvas: HTMLCanvasElement) => {
    const rect = canvas.getBoundingClientRect();
    const over = new Set<HTMLElement>();
    for (let i = 1; i < 10; i++)
      for (let j = 1; j < 10; j++) {
        const stack = document.elementsFromPoint(
          rect.left + (rect.width * i) / 10,
          rect.top + (rect.height * j) / 10,
        );
        for (const el of stack) {
          if (el === canvas) break;
          if (el instanceof HTMLElement && !el.contains(canvas)) over.add(el);
        }
      }
    const kept = [...over].map((el) => [el, el.style.visibility] as const);
    for (const el of over) el.style.setProperty('visibility', 'hidden', 'important');
    return kept;
  });
  try {
    return await shoot(target, path);
  } finally {
    await hidden.evaluate((kept) => {
      for (const [el, visibility] of kept) {
        el.style.removeProperty('visibility');
        if (visibility) el.style.visibility = visibility;
      }
    });
    await hidden.dispose();
  }
}

/** The fraction of pixels for which `test(r, g, b)` holds. */
export function fractionWhere(pixels: Pixels, test: (r: number, g: number, b: number) => boolean): number {
  const d = pixels.data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) if (test(d[i], d[i + 1], d[i + 2])) n++;
  return n / (pixels.width * pixels.height);
}

/** Slows the page's CPU by `rate` (Chromium's DevTools throttling); returns the session. */
export async function throttleCpu(page: Page, rate: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
}

/**
 * Loses the canvas's WebGL context with WEBGL_lose_context, waits for `webglcontextlost`,
 * restores it and waits for `webglcontextrestored`: what a GPU reset or a driver update
 * does to a page.
 */
export async function loseAndRestoreContext(canvas: Locator): Promise<void> {
  await canvas.evaluate(async (c: HTMLCanvasElement) => {
    const gl = (c.getContext('webgl2') ?? c.getContext('webgl')) as WebGLRenderingContext | null;
    if (!gl) throw new Error('the canvas has no WebGL context');
    const ext = gl.getExtension('WEBGL_lose_context');
    if (!ext) throw new Error('WEBGL_lose_context is not available');
    const event = (name: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${name} within 20 s`)), 20_000);
        c.addEventListener(
          name,
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
    const lost = event('webglcontextlost');
    ext.loseContext();
    await lost;
    if (!gl.isContextLost()) throw new Error('the context was not lost');
    // A moment without a context, as after a real GPU reset.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const restored = event('webglcontextrestored');
    ext.restoreContext();
    await restored;
  });
}

/** The fraction of pixels not fully opaque. */
export function fractionTransparent(pixels: Pixels): number {
  const d = pixels.data;
  let n = 0;
  for (let i = 3; i < d.length; i += 4) if (d[i] !== 255) n++;
  return n / (pixels.width * pixels.height);
}

/**
 * Crashes the worker the runtime labels `name` (an end-to-end build keeps each bridge in
 * `window.futileWorkers`), waits for its "stopped working" alert, runs `whileStopped` (what
 * the test checks while the game waits behind the message), then presses the alert's Restart
 * and waits for the alert to go.
 */
export async function crashWorker(
  page: Page,
  name: string,
  whileStopped?: () => Promise<void>,
): Promise<void> {
  await page.evaluate((label) => {
    const workers = (window as unknown as { futileWorkers: Record<string, { crashForTest(): void }> })
      .futileWorkers;
    workers[label].crashForTest();
  }, name);
  const alert = page.getByRole('alert').filter({ hasText: 'stopped working' });
  await expect(alert).toContainText(`${name} stopped working.`);
  await whileStopped?.();
  await alert.getByRole('button', { name: 'Restart' }).click();
  await expect(alert).toHaveCount(0);
}
