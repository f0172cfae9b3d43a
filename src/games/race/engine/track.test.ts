import { describe, expect, it } from 'vitest';
import { createRng } from '../../../lib/pure/rng.ts';
import {
  DEFAULT_BRUSH,
  FACTOR_HAIRPIN,
  FACTOR_MILD,
  FACTOR_SHARP,
  MESSAGES,
  startLineMinLength,
  TURN_HAIRPIN,
  TURN_MILD,
  TURN_SHARP,
  TURN_STRAIGHT,
} from './constants.ts';
import { RaceWorld } from './race.ts';
import { computeRacingLine, curvatureEnergy, turnClass, turnFactor } from './racingLine.ts';
import { circleStroke, randomLoopStroke } from './testTracks.ts';
import { buildTrack, distanceToCentreline, type Track, thinPoints } from './track.ts';

function built(points: ReturnType<typeof circleStroke>, brush = DEFAULT_BRUSH, scale = 1): Track {
  const result = buildTrack(points, brush, scale);
  if (!result.ok) throw new Error(`track failed: ${result.reason}`);
  return result.track;
}

describe('thinning', () => {
  it('drops points closer than 8 px to the last kept one', () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 3, y: 0 },
      { x: 7.9, y: 0 },
      { x: 8, y: 0 },
      { x: 10, y: 0 },
      { x: 20, y: 0 },
    ];
    expect(thinPoints(pts)).toEqual([
      { x: 0, y: 0 },
      { x: 8, y: 0 },
      { x: 20, y: 0 },
    ]);
  });

  it('a stroke of one point after thinning makes no track', () => {
    expect(buildTrack([{ x: 5, y: 5 }], DEFAULT_BRUSH, 1)).toEqual({ ok: false, reason: 'too-few-points' });
    expect(
      buildTrack(
        [
          { x: 5, y: 5 },
          { x: 7, y: 6 },
        ],
        DEFAULT_BRUSH,
        1,
      ),
    ).toEqual({ ok: false, reason: 'too-few-points' });
  });
});

describe('start line', () => {
  it('crosses the road at full width on a clean loop, pointing along the drawing direction', () => {
    const t = built(circleStroke(500, 400, 250));
    const { a, b, n, index } = t.start;
    expect(Math.hypot(b.x - a.x, b.y - a.y)).toBeCloseTo(DEFAULT_BRUSH, 0);
    // Travel direction is the stroke's: the circle is drawn clockwise on screen (y down).
    expect(n.x * t.tx[index] + n.y * t.ty[index]).toBeCloseTo(1, 5);
    expect((b.x - a.x) * n.x + (b.y - a.y) * n.y).toBeCloseTo(0, 5);
  });

  it('is rejected when shorter than max(10, 0.8 × brush)', () => {
    // A road 8 px wide gives an 8 px line: under the 10 px floor.
    expect(buildTrack(circleStroke(500, 400, 200), 8, 1)).toEqual({ ok: false, reason: 'start-line' });
    expect(buildTrack(circleStroke(500, 400, 200), 12, 1).ok).toBe(true);
    expect(startLineMinLength(46)).toBeCloseTo(36.8);
    expect(startLineMinLength(10)).toBe(10);
  });

  it('a straight or open stroke is reported as a loop not closed, a closed tangle as a short start line', () => {
    const straight = Array.from({ length: 60 }, (_, i) => ({ x: 100 + i * 10, y: 300 }));
    expect(buildTrack(straight, DEFAULT_BRUSH, 1)).toEqual({ ok: false, reason: 'not-closed' });
    // A hook: down, across and half way back up, ends 300 px apart.
    const hook = [
      ...Array.from({ length: 30 }, (_, i) => ({ x: 200, y: 100 + i * 10 })),
      ...Array.from({ length: 3 }, (_, i) => ({ x: 200 + i * 10, y: 400 })),
      ...Array.from({ length: 15 }, (_, i) => ({ x: 230, y: 400 - i * 10 })),
    ];
    expect(buildTrack(hook, DEFAULT_BRUSH, 1)).toEqual({ ok: false, reason: 'not-closed' });
    // The spec's case stays the spec's: a closed loop with no room for the line.
    expect(buildTrack(circleStroke(500, 400, 200), 8, 1)).toEqual({ ok: false, reason: 'start-line' });
    const world = new RaceWorld(1);
    expect(world.setTrack(straight, DEFAULT_BRUSH, 1000, 700)).toEqual({
      ok: false,
      message: MESSAGES.notClosed,
    });
    expect(MESSAGES.notClosed).toBe('Loop not closed - end your stroke where it started');
  });

  it('is cut short where another part of the loop crosses it, and avoids such places', () => {
    // A figure eight: the crossing in the middle is no place for the start line.
    const eight = Array.from({ length: 200 }, (_, i) => {
      const a = (i / 200) * Math.PI * 2;
      return { x: 500 + 300 * Math.sin(a), y: 400 + 150 * Math.sin(2 * a) };
    });
    const t = built(eight);
    const { a, b } = t.start;
    expect(Math.hypot((a.x + b.x) / 2 - 500, (a.y + b.y) / 2 - 400)).toBeGreaterThan(60);
    expect(Math.hypot(b.x - a.x, b.y - a.y)).toBeGreaterThanOrEqual(startLineMinLength(DEFAULT_BRUSH));
  });
});

describe('racing line', () => {
  it('stays inside the road for random drawn loops (points and the segments between them)', () => {
    const seeds = Array.from({ length: 25 }, (_, i) => 1000 + i * 17);
    for (const seed of seeds) {
      const brush = 30 + (seed % 50);
      const result = buildTrack(randomLoopStroke(seed), brush, 1);
      if (!result.ok) continue;
      const t = result.track;
      const { x, y } = t.racing;
      for (let i = 0; i < t.count; i++) {
        const j = (i + 1) % t.count;
        for (const u of [0, 0.5]) {
          const px = x[i] + (x[j] - x[i]) * u;
          const py = y[i] + (y[j] - y[i]) * u;
          const d = distanceToCentreline(t, px, py);
          if (d > brush / 2)
            throw new Error(`seed ${seed}: racing line ${d.toFixed(1)} px off centre at ${i}`);
        }
      }
    }
  });

  it('bends less than the centreline (minimum curvature) and cuts to the inside of a bend', () => {
    for (const seed of [7, 8, 9]) {
      const t = built(randomLoopStroke(seed));
      const line = curvatureEnergy(t.racing.x, t.racing.y);
      const centre = curvatureEnergy(t.cx, t.cy);
      expect(line, `seed ${seed}`).toBeLessThan(centre * 0.8);
    }
  });

  it('classes turns: mild > 20°, sharp > 50°, hairpin > 100°, with factors 0.85, 0.65, 0.45', () => {
    expect(turnClass(20)).toBe(TURN_STRAIGHT);
    expect(turnClass(21)).toBe(TURN_MILD);
    expect(turnClass(-51)).toBe(TURN_SHARP);
    expect(turnClass(101)).toBe(TURN_HAIRPIN);
    expect([TURN_STRAIGHT, TURN_MILD, TURN_SHARP, TURN_HAIRPIN].map(turnFactor)).toEqual([
      1,
      FACTOR_MILD,
      FACTOR_SHARP,
      FACTOR_HAIRPIN,
    ]);
  });

  it('slows for a hairpin and brakes before it (forward–backward passes)', () => {
    // A long thin stadium: two straights joined by tight half circles.
    const pts = [];
    for (let i = 0; i <= 60; i++) pts.push({ x: 150 + i * 10, y: 300 });
    for (let i = 1; i < 20; i++) {
      const a = -Math.PI / 2 + (i / 20) * Math.PI;
      pts.push({ x: 750 + 45 * Math.cos(a), y: 345 + 45 * Math.sin(a) });
    }
    for (let i = 0; i <= 60; i++) pts.push({ x: 750 - i * 10, y: 390 });
    for (let i = 1; i < 20; i++) {
      const a = Math.PI / 2 + (i / 20) * Math.PI;
      pts.push({ x: 150 + 45 * Math.cos(a), y: 345 + 45 * Math.sin(a) });
    }
    const t = built(pts, 40);
    const speeds = Array.from(t.racing.speed);
    expect(Math.min(...speeds)).toBeCloseTo(FACTOR_HAIRPIN, 5);
    expect(Math.max(...speeds)).toBe(1);
    expect(Array.from(t.racing.turn)).toContain(TURN_HAIRPIN);
    // Braking: speed never drops by more than the profile allows between neighbours.
    for (let i = 0; i < t.count; i++) {
      const next = speeds[(i + 1) % t.count];
      expect(speeds[i] - next).toBeLessThan(0.12);
    }
  });

  it('is the same for the same stroke (deterministic)', () => {
    const stroke = randomLoopStroke(42);
    const a = built(stroke);
    const b = built(stroke);
    expect(Array.from(a.racing.x)).toEqual(Array.from(b.racing.x));
    expect(Array.from(computeRacingLine(a).speed)).toEqual(Array.from(a.racing.speed));
  });

  it('random loops build tracks with a start line at least max(10, 0.8 × brush) long', () => {
    const rng = createRng(5);
    for (let k = 0; k < 10; k++) {
      const seed = rng.int(1, 1e6);
      const t = buildTrack(randomLoopStroke(seed), 46, 1);
      if (!t.ok) throw new Error(`seed ${seed}: ${t.reason}`);
      const { a, b } = t.track.start;
      expect(Math.hypot(b.x - a.x, b.y - a.y), `seed ${seed}`).toBeGreaterThanOrEqual(startLineMinLength(46));
    }
  });
});
