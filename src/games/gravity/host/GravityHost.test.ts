import { describe, expect, it } from 'vitest';
import {
  expectStillWhilePausedOrHidden,
  hostOnTestClock,
} from '../../../lib/runtime/hostTesting.testutil.ts';
import { KIND_STAR } from '../engine/bodyTypes.ts';
import { B_X, BODY_STRIDE, type Snapshot } from '../engine/snapshot.ts';
import { worldPoint } from '../scene/camera.ts';
import { GravityHost } from './GravityHost.ts';

const makeHost = () => hostOnTestClock((options) => new GravityHost(options));

describe('GravityHost', () => {
  it('carries the newest added body’s input number in every snapshot after it (input to screen)', async () => {
    const { host } = makeHost();
    host.loadPreset('solar-system');
    expect((await host.nextSnapshot(null)).input).toBe(0);
    const id = host.addPlanet(worldPoint(500, 0), 7);
    const withBody = await host.nextSnapshot(null);
    expect(withBody.input).toBe(7);
    expect(Array.from(withBody.buffers.ids.subarray(0, withBody.count))).toContain(id);
    host.addStar(worldPoint(-500, 0), 8);
    expect((await host.nextSnapshot(null)).input).toBe(8);
    // An add without a number (a test, the share link) keeps the last one.
    host.addPlanet(worldPoint(0, 500));
    expect((await host.nextSnapshot(null)).input).toBe(8);
  });

  it('sends a body the player added to the scene at once when no request waits', async () => {
    const { host } = makeHost();
    const unasked: Snapshot[] = [];
    host.sendUnaskedSnapshots((snapshot) => unasked.push(snapshot));
    host.loadPreset('solar-system');
    await host.nextSnapshot(null);
    const id = host.addPlanet(worldPoint(500, 0), 9);
    expect(unasked).toHaveLength(1);
    expect(unasked[0].input).toBe(9);
    expect(Array.from(unasked[0].buffers.ids.subarray(0, unasked[0].count))).toContain(id);
    // Already sent: the next request waits for the next change.
    let next: Snapshot | null = null;
    host.nextSnapshot(null).then((s) => {
      next = s;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(next).toBeNull();
  });

  it('finds the body under a press (within the slop of its edge) and lists the bodies in order', () => {
    const { host } = makeHost();
    host.loadPreset('solar-system');
    const ids = host.bodyIds();
    expect(ids).toHaveLength(9);
    const sun = host.getBody(ids[0])!;
    expect(host.bodyAt(worldPoint(sun.x, sun.y), 1)).toBe(sun.id);
    expect(host.bodyAt(worldPoint(sun.x + sun.radius + 5, sun.y), 1)).toBeNull();
    expect(host.bodyAt(worldPoint(sun.x + sun.radius + 5, sun.y), 6)).toBe(sun.id);
    expect(host.bodyAt(worldPoint(1e6, 1e6), 10)).toBeNull();
  });

  it('steps on its own clock: 5 sub-steps per 60 Hz frame at time speed 1', () => {
    const { clock, host } = makeHost();
    host.loadPreset('solar-system');
    clock.advance(1000);
    expect(host.stats().step).toBeGreaterThanOrEqual(295);
    expect(host.stats().step).toBeLessThanOrEqual(305);
    host.setSettings({ timeSpeed: 3 });
    const before = host.stats().step;
    clock.advance(1000);
    expect(host.stats().step - before).toBeGreaterThanOrEqual(885);
  });

  it('stops stepping when paused or hidden, and its timer with it', () => {
    const { clock, host } = makeHost();
    host.loadPreset('solar-system');
    expectStillWhilePausedOrHidden({
      clock,
      setRunning: (running) => host.setSettings({ running }),
      setVisible: (visible) => host.setVisible(visible),
      progress: () => host.stats().step,
    });
  });

  it('hands snapshots back in the buffers it was given, transferred, metadata only when changed', async () => {
    const { clock, host, transfers } = makeHost();
    host.loadPreset('hot-jupiter');
    const first = await host.nextSnapshot(null);
    expect(first.count).toBe(4);
    expect(first.meta?.kind[0]).toBe(KIND_STAR);
    expect(transfers.at(-1)).toContain(first.buffers.bodies.buffer);
    // Nothing changed yet: the next request waits for the clock.
    let second: Snapshot | null = null;
    const waiting = host.nextSnapshot(first.buffers).then((s) => {
      second = s;
    });
    await Promise.resolve();
    expect(second).toBeNull();
    clock.advance(20);
    await waiting;
    expect(second!.buffers).toBe(first.buffers);
    expect(second!.meta).toBeNull();
    expect(second!.step).toBeGreaterThan(first.step);
  });

  it('a new reader (a restarted renderer) gets the metadata again, and the old one its waiting snapshot', async () => {
    const { clock, host } = makeHost();
    host.loadPreset('hot-jupiter');
    const first = await host.nextSnapshot(null);
    expect(first.meta).not.toBeNull();
    const oldReader = host.nextSnapshot(null);
    host.newReader();
    expect((await oldReader).meta).toBeNull();
    const fresh = await host.nextSnapshot(null);
    expect(fresh.meta?.ids).toHaveLength(4);
    clock.advance(20);
    expect((await host.nextSnapshot(null)).meta).toBeNull();
  });

  it('adds a planet on a circular orbit around the nearest star', async () => {
    const { host } = makeHost();
    host.clear();
    host.addStar(worldPoint(0, 0));
    const id = host.addPlanet(worldPoint(100, 0));
    const p = host.getBody(id)!;
    expect(Math.hypot(p.vx, p.vy)).toBeCloseTo(Math.sqrt((0.1 * 1000) / 100), 5);
    const snap = await host.nextSnapshot(null);
    expect(snap.count).toBe(2);
    expect(snap.buffers.bodies[BODY_STRIDE + B_X]).toBe(100);
  });

  it('a planet added far outside a binary orbits the pair, not one star', () => {
    const { clock, host } = makeHost();
    host.loadPreset('binary-stars');
    const id = host.addPlanet(worldPoint(-480, -300));
    clock.advance(20_000);
    const p = host.getBody(id)!;
    expect(p).not.toBeNull();
    const r = Math.hypot(p.x, p.y);
    expect(r).toBeGreaterThan(400);
    expect(r).toBeLessThan(720);
  });

  it('drags: a grabbed body holds still and moves where it is put', () => {
    const { clock, host } = makeHost();
    host.clear();
    host.addStar(worldPoint(0, 0));
    const id = host.addPlanet(worldPoint(100, 0));
    host.grab(id);
    host.moveBody(id, worldPoint(150, 20));
    clock.advance(200);
    expect(host.getBody(id)).toMatchObject({ x: 150, y: 20 });
    host.release();
    clock.advance(200);
    expect(host.getBody(id)!.x).not.toBe(150);
    host.reset();
    expect(host.stats().bodies).toBe(2);
  });

  it('a drag while paused sends the moved position at once, without resending metadata', async () => {
    const { host } = makeHost();
    host.loadPreset('hot-jupiter');
    host.setSettings({ running: false });
    const first = await host.nextSnapshot(null);
    const id = first.buffers.ids[1];
    host.grab(id);
    host.moveBody(id, worldPoint(321, -45));
    // No clock tick needed: the drag itself is a change the page should see.
    const moved = await host.nextSnapshot(first.buffers);
    expect(moved.buffers.bodies[BODY_STRIDE + B_X]).toBe(321);
    // Positions are not metadata: the scene keeps its display objects and index matching.
    expect(moved.meta).toBeNull();
    expect(moved.metaVersion).toBe(first.metaVersion);
    expect(host.getBody(id)).toMatchObject({ x: 321, y: -45 });
  });

  it('edits, deletes and clamps settings to the spec ranges', () => {
    const { host } = makeHost();
    host.loadPreset('solar-system');
    const s = host.setSettings({ gravity: 9, timeSpeed: 0 });
    expect(s.gravity).toBe(0.5);
    expect(s.timeSpeed).toBe(0.1);
    const star = 1;
    expect(host.updateBody(star, { mass: 2000 })?.mass).toBe(2000);
    host.deleteBody(star);
    expect(host.getBody(star)).toBeNull();
  });

  it('share links round-trip the scene; malformed ones change nothing', () => {
    const { host } = makeHost();
    host.loadPreset('binary-stars');
    host.setSettings({ gravity: 0.2, trails: false });
    const link = host.share(2);
    const { host: other } = makeHost();
    const settings = other.loadShared(link)!;
    expect(settings).toMatchObject({ gravity: 0.2, trails: false, zoom: 2, starGravity: true });
    expect(other.stats().bodies).toBe(4);
    expect(other.loadShared('%%%garbage')).toBeNull();
    expect(other.loadPreset('no-such-preset')).toBeNull();
    expect(other.stats().bodies).toBe(4);
  });

  it('runs the Galaxy preset: one tree step a tick, all stars in one transferred array', async () => {
    const { clock, transfers, host } = hostOnTestClock(
      (options) => new GravityHost({ ...options, galaxyBodies: 3000 }),
    );
    const settings = host.loadPreset('galaxy');
    expect(settings).not.toBeNull();
    expect(settings!.trails).toBe(false);
    expect(host.stats()).toEqual({ bodies: 3000, step: 0 });
    const first: Snapshot = await host.nextSnapshot(null);
    expect(first.galaxyCount).toBe(3000);
    expect(first.count).toBe(0);
    expect(first.buffers.galaxy.length).toBe(6000);
    expect(transfers.at(-1)).toContain(first.buffers.galaxy.buffer);
    const x5 = first.buffers.galaxy[10];
    clock.advance(1000 / 60 + 1);
    expect(host.stats().step).toBe(1);
    const second = await host.nextSnapshot(first.buffers);
    expect(second.buffers.galaxy).toBe(first.buffers.galaxy);
    expect(second.step).toBe(1);
    expect(second.buffers.galaxy[10]).not.toBe(x5);
    // Time speed 0.5: every other tick.
    host.setSettings({ timeSpeed: 0.5 });
    clock.advance(10 * (1000 / 60) + 1);
    expect(host.stats().step).toBeGreaterThanOrEqual(5);
    expect(host.stats().step).toBeLessThanOrEqual(7);
    // No single bodies in a galaxy; any other preset leaves it.
    expect(host.addPlanet(worldPoint(100, 100))).toBe(-1);
    host.loadPreset('solar-system');
    const third = await host.nextSnapshot(second.buffers);
    expect(third.galaxyCount).toBe(0);
    expect(third.count).toBe(9);
  });
});
