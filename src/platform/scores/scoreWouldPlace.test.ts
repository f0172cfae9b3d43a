import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itSeeded } from '../../../tests/seeds.ts';
import { playerNameError } from './playerName.ts';
import { scoreWouldPlace } from './scoreWouldPlace.ts';

const board = (...scores: number[]) => scores.map((score) => ({ score }));

describe('scoreWouldPlace', () => {
  it('places any score while the board has fewer than 10 entries', () => {
    expect(scoreWouldPlace([], 0, 'DESC')).toBe(true);
    expect(scoreWouldPlace(board(900, 800, 700), 1, 'DESC')).toBe(true);
    expect(scoreWouldPlace(board(1, 2, 3, 4, 5, 6, 7, 8, 9), 1000, 'ASC')).toBe(true);
  });

  it('on a full DESC board places only a score higher than some entry', () => {
    const full = board(100, 90, 80, 70, 60, 50, 40, 30, 20, 10);
    expect(scoreWouldPlace(full, 11, 'DESC')).toBe(true);
    expect(scoreWouldPlace(full, 10, 'DESC')).toBe(false);
    expect(scoreWouldPlace(full, 5, 'DESC')).toBe(false);
  });

  it('on a full ASC board places only a score lower than some entry', () => {
    const full = board(10, 20, 30, 40, 50, 60, 70, 80, 90, 100);
    expect(scoreWouldPlace(full, 99, 'ASC')).toBe(true);
    expect(scoreWouldPlace(full, 100, 'ASC')).toBe(false);
    expect(scoreWouldPlace(full, 150, 'ASC')).toBe(false);
  });

  it('respects a custom board size', () => {
    expect(scoreWouldPlace(board(5, 4), 1, 'DESC', 2)).toBe(false);
    expect(scoreWouldPlace(board(5, 4), 1, 'DESC', 3)).toBe(true);
  });

  it('never places a missing score', () => {
    expect(scoreWouldPlace([], Number.NaN, 'DESC')).toBe(false);
  });

  itSeeded('agrees with "the score would rank inside the top 10" for any full board', (seed) => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 10, maxLength: 10 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.constantFrom<'ASC' | 'DESC'>('ASC', 'DESC'),
        (scores, score, dir) => {
          const worst = dir === 'DESC' ? Math.min(...scores) : Math.max(...scores);
          const beats = dir === 'DESC' ? score > worst : score < worst;
          expect(scoreWouldPlace(board(...scores), score, dir)).toBe(beats);
        },
      ),
      { seed },
    );
  });
});

describe('playerNameError (spec §5)', () => {
  it('gives the spec message for each rule', () => {
    expect(playerNameError(undefined)).toBe('Player name is required');
    expect(playerNameError('   ')).toBe('Player name cannot be empty');
    expect(playerNameError('x'.repeat(101))).toBe('Player name is too long (max 100 characters)');
    expect(playerNameError('<b>Ann</b>')).toBe('Player name cannot contain HTML tags');
    expect(playerNameError('  Ann  ')).toBeNull();
    expect(playerNameError('x'.repeat(100))).toBeNull();
    expect(playerNameError('1 < 2 > 0')).toBe('Player name cannot contain HTML tags');
  });
});
