import { describe, expect, it } from 'vitest';
import { lapLabel, ordinal } from './store.ts';

describe('rank panel labels', () => {
  it('ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 16, 21, 22].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '16th',
      '21st',
      '22nd',
    ]);
  });

  it('laps as current/total', () => {
    expect(lapLabel(0, 0, 4, 'idle')).toBe('0/4');
    expect(lapLabel(0, 0, 4, 'running')).toBe('1/4');
    expect(lapLabel(3, 0, 4, 'running')).toBe('4/4');
    expect(lapLabel(4, 2, 4, 'finished')).toBe('4/4');
  });
});
