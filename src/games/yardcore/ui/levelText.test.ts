import { describe, expect, it } from 'vitest';
import { levelUpNews } from './levelText.ts';

describe('levelUpNews', () => {
  it('says squirrels only before the level they first appear in (level 2)', () => {
    expect(levelUpNews(1)).toBe('Next: level 2. Mow 140 tiles, and squirrels join the raccoons.');
    expect(levelUpNews(2)).toBe('Next: level 3. Mow 180 tiles.');
    expect(levelUpNews(3)).toBe('Next: level 4. Mow 220 tiles.');
  });

  it('says when the next level is the last', () => {
    expect(levelUpNews(4)).toBe('Next: level 5, the last one. Mow 260 tiles.');
  });
});
