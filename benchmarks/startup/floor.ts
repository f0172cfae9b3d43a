/**
 * The start-up part's floor: home as plain prerendered HTML with no script. Written into the
 * bench build when it is made (lib/site.ts), so the server, which routes the files it finds
 * when it starts, serves it whichever part started it.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const FLOOR_FILE = 'bench-floor.html';

/**
 * The floor: home.html as plain prerendered HTML, no script. Takes out every <script>
 * element, module preload and the manifest link; the markup, the inlined CSS and the font
 * preload stay, so it paints what home paints before its script runs.
 */
export function floorDocument(homeHtml: string): string {
  const out = homeHtml
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, '')
    .replace(/<link\b[^>]*\brel="(?:modulepreload|manifest)"[^>]*>\s*/gi, '');
  if (out === homeHtml) throw new Error('home.html has no script to take out: is it the prerendered home?');
  return out;
}

/** Writes the floor page (and its .gz / .br, as the build does for home.html) into the build. */
export function writeFloorPage(outDir: string): void {
  const html = floorDocument(fs.readFileSync(path.join(outDir, 'home.html'), 'utf8'));
  const file = path.join(outDir, FLOOR_FILE);
  fs.writeFileSync(file, html);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
