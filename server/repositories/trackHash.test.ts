import { describe, expect, it } from 'vitest';
import type { TrackPayload } from '../../src/api/types.ts';
import { trackHash } from './tracks.ts';

const payload: TrackPayload = {
  v: 3,
  path: 'M 10 10  L 500 20 L 990 990',
  b: 2,
  originalAspectRatio: 1.5,
  timestamp: 1764000000,
};

describe('trackHash', () => {
  // Stored tracks are found again by this hash: a change to it would store a drawing
  // shared before and after a deploy twice, under two ids.
  it('is the same 16 hex digits from one release to the next', () => {
    expect(trackHash(payload)).toBe('ae3024178e946466');
  });

  it('leaves out when the track was shared, and spacing in its path', () => {
    expect(trackHash({ ...payload, timestamp: 1 })).toBe(trackHash(payload));
    expect(trackHash({ ...payload, path: ' M 10 10 L 500 20\nL 990 990 ' })).toBe(trackHash(payload));
  });

  it('tells apart what the track is: its path, brush and aspect ratio', () => {
    const hashes = new Set([
      trackHash(payload),
      trackHash({ ...payload, path: 'M 10 10 L 500 20 L 990 991' }),
      trackHash({ ...payload, b: 3 }),
      trackHash({ ...payload, originalAspectRatio: 1.25 }),
    ]);
    expect(hashes.size).toBe(4);
  });
});
