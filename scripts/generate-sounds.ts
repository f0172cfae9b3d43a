// `npm run sounds`: renders every game's sound recipes with node-web-audio-api's
// OfflineAudioContext into assets/sounds/<game>/<name>.wav (16-bit mono, deterministic).
// The files are committed: the build only bundles them. `npm run sounds -- --check` writes
// nothing and fails when a committed file differs from what the recipes render now.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OfflineAudioContext } from 'node-web-audio-api';
import { CRIT_SOUNDS } from '../src/games/crit-happens/sounds/recipes.ts';
import { LANDER_SOUNDS } from '../src/games/lunar-lander/sounds/recipes.ts';
import { RACE_SOUNDS } from '../src/games/race/sounds/recipes.ts';
import { WHAC_SOUNDS } from '../src/games/whac-a-moji/sounds/recipes.ts';
import { YARD_SOUNDS } from '../src/games/yardcore/sounds/recipes.ts';
import { renderSoundFile, type SoundSet } from '../src/lib/audio/soundRecipe.ts';

const GAMES: Record<string, SoundSet> = {
  'whac-a-moji': WHAC_SOUNDS,
  'lunar-lander': LANDER_SOUNDS,
  'crit-happens': CRIT_SOUNDS,
  yardcore: YARD_SOUNDS,
  race: RACE_SOUNDS,
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
let total = 0;
const stale: string[] = [];

for (const [game, sounds] of Object.entries(GAMES)) {
  const dir = path.join(root, 'assets', 'sounds', game);
  fs.mkdirSync(dir, { recursive: true });
  const expected = new Set<string>();
  for (const [name, recipe] of Object.entries(sounds)) {
    const { wav, rawPeak } = await renderSoundFile(recipe, (options) => new OfflineAudioContext(options));
    const file = path.join(dir, `${name}.wav`);
    expected.add(`${name}.wav`);
    total += wav.length;
    const same = fs.existsSync(file) && Buffer.from(wav).equals(fs.readFileSync(file));
    if (!same && check) stale.push(path.relative(root, file));
    if (!same && !check) fs.writeFileSync(file, wav);
    const peakDb = (20 * Math.log10(rawPeak)).toFixed(1);
    console.log(
      `${path.relative(root, file).padEnd(44)} ${recipe.duration.toFixed(2).padStart(5)} s ${String(
        Math.round(wav.length / 1024),
      ).padStart(
        4,
      )} KiB  peak before normalising ${peakDb.padStart(5)} dBFS${recipe.loop ? '  (loop)' : ''}${same ? '' : check ? '  DIFFERS' : '  written'}`,
    );
  }
  // A recipe that was removed or renamed leaves no orphan behind.
  for (const entry of fs.readdirSync(dir)) {
    if (!entry.endsWith('.wav') || expected.has(entry)) continue;
    if (check) stale.push(path.join('assets', 'sounds', game, entry));
    else fs.rmSync(path.join(dir, entry));
    console.log(`${path.join('assets', 'sounds', game, entry)}: ${check ? 'no recipe' : 'removed'}`);
  }
}

console.log(`total ${Math.round(total / 1024)} KiB`);
if (stale.length > 0) {
  console.error(`Out of date (run npm run sounds): ${stale.join(', ')}`);
  process.exit(1);
}
