/**
 * This device's best Daily score of the current day, kept in localStorage so a guest sees
 * "your best today" too. One record: a new day's first run replaces the old day's.
 */
const KEY = 'whac-a-moji:daily-best';

function read(): { day: string; score: number } | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as {
      day?: unknown;
      score?: unknown;
    } | null;
    return value && typeof value.day === 'string' && typeof value.score === 'number'
      ? { day: value.day, score: value.score }
      : null;
  } catch {
    return null;
  }
}

export function dailyBestOn(day: string): number | null {
  const best = read();
  return best && best.day === day ? best.score : null;
}

export function recordDailyScore(day: string, score: number): void {
  const best = dailyBestOn(day);
  if (best !== null && best >= score) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ day, score }));
  } catch {
    // Storage full or blocked: the best shows for this visit only.
  }
}
