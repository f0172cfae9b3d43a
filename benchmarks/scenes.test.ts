import { describe, expect, it } from 'vitest';
import { GAME_SLUGS } from '../src/routeTable.ts';
import { frameFigures } from './frames/figures.ts';
import { errorNote } from './lib/pages.ts';
import { renderPathUrl, SCENES } from './scenes.ts';
import { approximateTti, FAST_3G } from './startup/index.ts';

describe('scenes', () => {
  it('give every game one scene on its own route', () => {
    expect(SCENES.map((s) => s.slug).sort()).toEqual([...GAME_SLUGS].sort());
    for (const scene of SCENES) expect(scene.path).toMatch(new RegExp(`^/${scene.slug}(\\?|$)`));
  });
  it('run Gravity on the Proto Disk preset, the heaviest scene', () => {
    expect(SCENES.find((s) => s.slug === 'gravity')?.path).toBe('/gravity?preset=proto-disk');
  });
  it('measure every canvas game on both render paths, the DOM games on the page; the fallback asks for render=main', () => {
    for (const scene of SCENES) {
      const canvas = ['gravity', 'lunar-lander', 'yardcore', 'race', 'crit-happens'].includes(scene.slug);
      expect(scene.renderPaths, scene.slug).toEqual(canvas ? ['worker', 'main'] : undefined);
    }
    expect(renderPathUrl('/gravity?preset=proto-disk', 'main')).toBe(
      '/gravity?preset=proto-disk&render=main',
    );
    expect(renderPathUrl('/race', 'main')).toBe('/race?render=main');
    expect(renderPathUrl('/race', 'worker')).toBe('/race');
    expect(renderPathUrl('/race', undefined)).toBe('/race');
  });
});

describe('frameFigures', () => {
  it('reports p50/p95/p99, dropped frames and fps under stable ids', () => {
    const interval = 1000 / 60;
    const timestamps = Array.from({ length: 61 }, (_, i) => i * interval);
    timestamps.push(timestamps[60] + 4 * interval);
    const figures = frameFigures('gravity', '/gravity?preset=proto-disk', 4, timestamps);
    expect(figures.map((f) => f.id)).toEqual([
      'frames.gravity.cpu4x.p50',
      'frames.gravity.cpu4x.p95raw',
      'frames.gravity.cpu4x.p95',
      'frames.gravity.cpu4x.p99',
      'frames.gravity.cpu4x.dropped',
      'frames.gravity.cpu4x.fps',
    ]);
    expect(figures[0].value).toBeCloseTo(16.67, 2);
    expect(figures[3].value).toBeCloseTo(66.67, 2);
    expect(figures[4]).toMatchObject({ value: 3, unit: 'of 64' });
    expect(figures[0].label).toBe('/gravity 4× CPU frame p50');
  });
});

describe('start-up', () => {
  it('takes TTI as the end of the last long task, or DOMContentLoaded when later', () => {
    expect(approximateTti(1000, [])).toBe(1000);
    expect(
      approximateTti(1000, [
        [900, 980],
        [1200, 1400],
        [1500, 1560],
      ]),
    ).toBe(1560);
  });
  it('throttles to Fast 3G as the issue defines it: 1.6 Mbps, 150 ms RTT', () => {
    expect(FAST_3G.downloadThroughput * 8).toBe(1.6e6);
    expect(FAST_3G.latency).toBe(150);
  });
});

describe('errorNote', () => {
  const scene = SCENES[0];
  it('reports real console errors and sets offline resource failures apart', () => {
    expect(errorNote(scene, [])).toBeNull();
    expect(errorNote(scene, ['Failed to load resource: net::ERR_NAME_NOT_RESOLVED'])).toBe(
      '/gravity?preset=proto-disk: no console errors (1 failed external resource load(s) ignored: no network here)',
    );
    expect(errorNote(scene, ['TypeError: x is undefined', 'net::ERR_NAME_NOT_RESOLVED'])).toMatch(
      /1 console error\(s\), first: TypeError: x is undefined \(1 failed/,
    );
  });
});
