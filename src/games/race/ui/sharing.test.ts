import { describe, expect, it } from 'vitest';
import { trackLink } from './sharing.ts';

describe('trackLink', () => {
  // A link carries the track only: the sharer's seed, render mode or anchor would follow it.
  it('is the page with ?track= and nothing else', () => {
    expect(trackLink('https://futile.example/race/?seed=5&render=main#top', 'db_abc123')).toBe(
      'https://futile.example/race/?track=db_abc123',
    );
  });

  it('escapes what a legacy id may hold', () => {
    expect(trackLink('http://localhost:5173/race', 'a+b/c=')).toBe(
      'http://localhost:5173/race?track=a%2Bb%2Fc%3D',
    );
  });
});
