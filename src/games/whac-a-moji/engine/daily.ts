/**
 * Whac-a-Moji Daily: one mole sequence per UTC day for every player. The day is the UTC
 * calendar date ("2026-11-26"), so a player in Tokyo and one in Lima play the same moles
 * at the same instant; the seed is a hash of that date string, fed to the unchanged engine.
 */

/** A day as the API and the share line write it. */
export const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC day ("YYYY-MM-DD") of an instant given in milliseconds since the epoch. */
export function utcDayOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** Whether `day` is a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isDay(day: string): boolean {
  const m = DAY_PATTERN.exec(day);
  if (!m) return false;
  const [, y, mo, d] = m.map(Number);
  const at = Date.UTC(y, mo - 1, d);
  return Number.isFinite(at) && utcDayOf(at) === day;
}

/** The day before or after `day` (`offset` whole days). */
export function shiftDay(day: string, offset: number): string {
  const [, y, mo, d] = (DAY_PATTERN.exec(day) ?? []).map(Number);
  return utcDayOf(Date.UTC(y, mo - 1, d + offset));
}

/**
 * The engine seed of a day: 32-bit FNV-1a of "whac-a-moji daily " + day. Prefixed so the
 * daily seeds are not the seeds a plain hash of a date would give another game.
 */
export function dailySeed(day: string): number {
  let hash = 0x811c9dc5;
  for (const ch of `whac-a-moji daily ${day}`) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The line a player shares after a Daily run (exact format). */
export function dailyShareLine(day: string, score: number): string {
  return `Futile Daily ${day}: ${score}`;
}
