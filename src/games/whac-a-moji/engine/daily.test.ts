import { afterEach, describe, expect, it, vi } from 'vitest';
import { dailySeed, dailyShareLine, isDay, shiftDay, utcDayOf } from './daily.ts';
import { WhacEngine } from './engine.ts';

/** The first `count` moles of round 1 (it shows 38): which slot and which emoji. */
function moleSequence(seed: number, count: number): string[] {
  const engine = new WhacEngine(seed);
  engine.dispatch({ type: 'startGame' });
  engine.dispatch({ type: 'startRound' });
  const moles: string[] = [];
  const record = (events: { type: string; slot?: number }[]) => {
    for (const e of events)
      if (e.type === 'spawn') moles.push(`${e.slot}:${engine.state.slots[e.slot as number].emoji}`);
  };
  const first = engine.state.slots.findIndex((s) => s.emoji !== null);
  moles.push(`${first}:${engine.state.slots[first].emoji}`);
  while (moles.length < count && engine.state.phase === 'playing') {
    // Whack every mole at once, so the game never ends by timeouts and runs all the spawns.
    for (let i = 0; i < engine.state.slots.length; i++)
      if (engine.state.slots[i].emoji !== null && !engine.state.slots[i].isHit) engine.whack(i);
    record(engine.step());
  }
  return moles.slice(0, count);
}

describe('Daily day and seed', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('the day turns at midnight UTC, to the millisecond', () => {
    expect(utcDayOf(Date.parse('2026-11-26T23:59:59.999Z'))).toBe('2026-11-26');
    expect(utcDayOf(Date.parse('2026-11-27T00:00:00.000Z'))).toBe('2026-11-27');
    expect(dailySeed(utcDayOf(Date.parse('2026-11-26T23:59:59.999Z')))).not.toBe(
      dailySeed(utcDayOf(Date.parse('2026-11-27T00:00:00.000Z'))),
    );
  });

  it('is the UTC date whatever the local time zone says', () => {
    // 23:30 in New York on the 26th is 04:30 UTC on the 27th; 08:00 in Kiritimati (UTC+14) on the 27th is 18:00 UTC on the 26th.
    const newYorkLate = Date.parse('2026-11-26T23:30:00-05:00');
    const kiritimatiMorning = Date.parse('2026-11-27T08:00:00+14:00');
    for (const tz of ['UTC', 'America/New_York', 'Pacific/Kiritimati', 'Asia/Tokyo']) {
      vi.stubEnv('TZ', tz);
      expect(utcDayOf(newYorkLate), tz).toBe('2026-11-27');
      expect(utcDayOf(kiritimatiMorning), tz).toBe('2026-11-26');
    }
    // The local calendar really differs there, so the test would catch a local-date slip.
    vi.stubEnv('TZ', 'Pacific/Kiritimati');
    expect(new Date(kiritimatiMorning).getDate()).toBe(27);
  });

  it('two players on the same UTC day see the same moles; another day differs', () => {
    // Two clients on 2026-11-26 UTC: one in the morning in Tokyo, one late on the 25th in Los Angeles.
    const tokyoMorning = Date.parse('2026-11-26T09:15:00+09:00'); // 00:15Z on the 26th
    const losAngelesNight = Date.parse('2026-11-25T23:00:00-08:00'); // 07:00Z on the 26th
    const a = moleSequence(dailySeed(utcDayOf(tokyoMorning)), 38);
    const b = moleSequence(dailySeed(utcDayOf(losAngelesNight)), 38);
    expect(a).toHaveLength(38);
    expect(a).toEqual(b);
    expect(moleSequence(dailySeed('2026-11-27'), 38)).not.toEqual(a);
  });

  it('every day of a century has its own seed', () => {
    const seeds = new Set<number>();
    let day = '2000-01-01';
    let days = 0;
    while (day < '2100-01-01') {
      seeds.add(dailySeed(day));
      day = shiftDay(day, 1);
      days++;
    }
    expect(days).toBe(36_525);
    expect(seeds.size).toBe(days);
  });

  it('knows a real date from a look-alike', () => {
    expect(isDay('2026-11-26')).toBe(true);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-1-1')).toBe(false);
    expect(isDay('26-11-2026')).toBe(false);
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('writes the share line exactly', () => {
    expect(dailyShareLine('2026-11-26', 412)).toBe('Futile Daily 2026-11-26: 412');
  });
});
