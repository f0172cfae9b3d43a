import { describe, expect, it } from 'vitest';
import { GAME_SLUGS, gameSlugsWithPages, REDIRECTS } from './routeTable.ts';

describe('route table (platform spec §2)', () => {
  it('lists every game path of the spec', () => {
    expect([...GAME_SLUGS].sort()).toEqual(
      ['crit-happens', 'gravity', 'lunar-lander', 'race', 'synth', 'whac-a-moji', 'yardcore'].sort(),
    );
  });

  it('redirects the two legacy paths', () => {
    expect(REDIRECTS).toEqual({ 'wack-a-moji': 'whac-a-moji', 'gone-rogue': 'yardcore' });
  });

  it('registers only games whose page module exists', () => {
    expect(
      gameSlugsWithPages(['./games/gravity/index.tsx', './games/notagame/index.tsx', './games/synth/x.tsx']),
    ).toEqual(['gravity']);
  });
});
