import { describe, expect, it } from 'vitest';
import { SHARED_FALLBACK_BRUSH } from './constants.ts';
import {
  base64ToBytes,
  bytesToBase64,
  decodeLegacyId,
  decodeTrack,
  encodeLegacyId,
  encodeTrack,
  parsePath,
  SHARED_SHORT_SIDE,
} from './shareCodec.ts';
import { randomLoopStroke } from './testTracks.ts';
import { thinPoints } from './track.ts';

describe('v3 payload', () => {
  it('scales points to 0..1000 as M/L commands, with brush, aspect ratio and timestamp', () => {
    const payload = encodeTrack(
      [
        { x: 0, y: 0 },
        { x: 500, y: 200 },
        { x: 1000, y: 400 },
      ],
      46,
      1000,
      400,
      1234,
    );
    expect(payload).toEqual({
      v: 3,
      path: 'M0 0 L500 500 L1000 1000',
      b: 46,
      originalAspectRatio: 2.5,
      timestamp: 1234,
    });
  });

  it('round-trips a drawn loop: same shape, same aspect ratio, brush kept', () => {
    const width = 1000;
    const height = 700;
    const points = thinPoints(randomLoopStroke(3, width, height));
    const decoded = decodeTrack(encodeTrack(points, 52, width, height, 0))!;
    expect(decoded.brush).toBe(52);
    expect(decoded.width / decoded.height).toBeCloseTo(width / height, 6);
    expect(Math.min(decoded.width, decoded.height)).toBe(SHARED_SHORT_SIDE);
    expect(decoded.points).toHaveLength(points.length);
    const k = decoded.width / width;
    decoded.points.forEach((p, i) => {
      expect(p.x).toBeCloseTo(points[i].x * k, 0);
      expect(p.y).toBeCloseTo(points[i].y * k, 0);
    });
  });

  it('falls back to brush 45 when the payload has none, and rejects what is not a path', () => {
    expect(decodeTrack({ v: 3, path: 'M0 0 L10 10', originalAspectRatio: 1 })!.brush).toBe(
      SHARED_FALLBACK_BRUSH,
    );
    expect(decodeTrack({ v: 3, path: 'M0 0 L10 10', b: 0, originalAspectRatio: 1 })!.brush).toBe(
      SHARED_FALLBACK_BRUSH,
    );
    expect(decodeTrack({ v: 3, path: '<svg/>', b: 46, originalAspectRatio: 1 })).toBeNull();
    expect(decodeTrack(null)).toBeNull();
    expect(parsePath('M1 2 L3')).toBeNull();
    expect(parsePath('L1 2 L3 4')).toBeNull();
    expect(parsePath('M1,2 L3,4')).toEqual([
      { x: 1, y: 2 },
      { x: 3, y: 4 },
    ]);
  });
});

describe('legacy ids', () => {
  it('decode base64 JSON {v: 1, p, b}, with [x, y] pairs or {x, y} points', () => {
    const pts = [
      { x: 100, y: 100 },
      { x: 300, y: 120 },
      { x: 200, y: 300 },
    ];
    const decoded = decodeLegacyId(encodeLegacyId(pts, 40))!;
    expect(decoded.brush).toBe(40);
    expect(decoded.points[1].x - decoded.points[0].x).toBe(200);
    expect(decoded.width).toBe(200 + 80);
    const objects = bytesToBase64(Uint8Array.from(JSON.stringify({ v: 1, p: pts }), (c) => c.charCodeAt(0)));
    expect(decodeLegacyId(objects)!.brush).toBe(SHARED_FALLBACK_BRUSH);
  });

  it('reject anything else', () => {
    expect(decodeLegacyId('not base64 !')).toBeNull();
    expect(
      decodeLegacyId(bytesToBase64(Uint8Array.from('{"v":2,"p":[]}', (c) => c.charCodeAt(0)))),
    ).toBeNull();
    expect(decodeLegacyId(bytesToBase64(Uint8Array.from('[1,2', (c) => c.charCodeAt(0))))).toBeNull();
  });

  it('base64 round-trips every byte, standard or URL-safe', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = bytesToBase64(bytes);
    expect(Array.from(base64ToBytes(text)!)).toEqual(Array.from(bytes));
    expect(
      Array.from(base64ToBytes(text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))!),
    ).toEqual(Array.from(bytes));
  });
});
