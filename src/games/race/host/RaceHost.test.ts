import { describe, expect, it } from 'vitest';
import { TestClock } from '../../../lib/runtime/clock.ts';
import { expectSameTimeAt144And60Hz } from '../../../lib/runtime/hostTesting.testutil.ts';
import { MESSAGES } from '../engine/constants.ts';
import { circleStroke } from '../engine/testTracks.ts';
import { RaceHost } from './RaceHost.ts';

function hostWithCars(cars: number) {
  const clock = new TestClock();
  const host = new RaceHost({ clock, seed: 9 });
  const made = host.setTrack(circleStroke(500, 350, 250), 46, 1000, 700);
  expect(made.ok).toBe(true);
  expect(made.track?.cx.length).toBeGreaterThan(100);
  for (let i = 0; i < cars; i++) expect(host.addCar().ok).toBe(true);
  return { clock, host };
}

describe('RaceHost', () => {
  it('runs only while a countdown or race is on', () => {
    const { clock, host } = hostWithCars(2);
    expect(clock.scheduled).toBe(0);
    host.start();
    expect(clock.scheduled).toBe(1);
    host.setVisible(false);
    expect(clock.scheduled).toBe(0);
    host.setVisible(true);
    clock.advance(1000);
    expect(host.stats().time).toBeCloseTo(1, 1);
    host.reset();
    expect(clock.scheduled).toBe(0);
    expect(host.stats().phase).toBe('idle');
  });

  it('caps a frame’s delta at 0.033 s: a stalled second moves the race at most 0.033 s, not a whole second', () => {
    const { clock, host } = hostWithCars(1);
    host.start();
    clock.advance(100);
    const before = host.stats().time;
    clock.stall(1000);
    const moved = host.stats().time - before;
    expect(moved).toBeGreaterThanOrEqual(1 / 60 - 1e-9);
    expect(moved).toBeLessThanOrEqual(0.033 + 1e-9);
  });

  it('answers each snapshot request with the first state not yet seen, events included', async () => {
    const { clock, host } = hostWithCars(3);
    const first = await host.nextSnapshot(null);
    expect(first.carCount).toBe(3);
    host.start();
    const second = await host.nextSnapshot(first.cars);
    expect(second.phase).toBe('countdown');
    expect(second.events).toEqual([{ type: 'countdown', value: 3 }]);
    const pending = host.nextSnapshot(second.cars);
    clock.advance(20);
    expect((await pending).time).toBeGreaterThan(0);
  });

  it('passes the engine’s warnings through', () => {
    const clock = new TestClock();
    const host = new RaceHost({ clock });
    expect(host.addCar()).toEqual({ ok: false, message: MESSAGES.noTrack });
  });
});

describe('RaceHost at any refresh rate', () => {
  it('shows the same race time after 10 s at 144 Hz (6.94 ms) and 60 Hz (16.7 ms) frames, within 1 %', async () => {
    await expectSameTimeAt144And60Hz(() => {
      const clock = new TestClock();
      const host = new RaceHost({ clock, seed: 9 });
      expect(host.setTrack(circleStroke(500, 350, 250), 46, 1000, 700).ok).toBe(true);
      for (let i = 0; i < 3; i++) host.addCar();
      host.setLaps(99);
      host.start();
      // The cars' buffer goes back with each request, as the render host recycles it.
      let spare: Float32Array | null = null;
      const nextSnapshot = async () => {
        const snapshot = await host.nextSnapshot(spare);
        spare = snapshot.cars;
        return snapshot;
      };
      return { clock, nextSnapshot, gameTime: (s) => s.time, dispose: () => host.dispose() };
    }, 9.8);
  });

  it('answers a new reader at once, though nothing changed since the last snapshot', async () => {
    const { host } = hostWithCars(2);
    await host.nextSnapshot(null);
    let answered = false;
    const waiting = host.nextSnapshot(null).then(() => {
      answered = true;
    });
    await Promise.resolve();
    expect(answered).toBe(false);
    // The renderer restarted: the old request is answered, and the new reader's first at once.
    host.newReader();
    await waiting;
    const first = await host.nextSnapshot(null);
    expect(first.carCount).toBe(2);
  });
});
