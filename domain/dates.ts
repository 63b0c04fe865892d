import { twoDigits } from './format.ts';
import { londonTime } from './london-time.ts';

/** Calendar days in the UK (`YYYY-MM-DD`), whatever the server's or browser's zone. */

/** Today's date in the UK (`YYYY-MM-DD`). */
export function londonToday(now = new Date()): string {
  const { year, month, day } = londonTime(now);
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** `YYYY-MM-DD` plus some days (calendar arithmetic in UTC, so no clock change shifts it). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A real calendar day written `YYYY-MM-DD` (not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
