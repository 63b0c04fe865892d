/**
 * Wall-clock time in the UK, worked out without `Intl`.
 *
 * Why not `Intl.DateTimeFormat` with `timeZone: 'Europe/London'`: the first `Intl` call in a
 * browser tab loads ICU's locale and zone data, 40–130 ms of the main thread on the benchmark
 * machine's Chromium, the largest single piece of script before a page could respond
 * (docs/performance.md). Every public page shows a date, so every page paid it.
 *
 * UK clocks have followed one rule since 1996: British Summer Time (UTC+1) from 01:00 UTC on the
 * last Sunday in March to 01:00 UTC on the last Sunday in October, GMT otherwise. Instants before
 * 1996 ask `Intl` (earlier years had other rules); `london-time.test.ts` checks the rule against
 * the time-zone database up to 2045 and minute by minute around each change of the clocks, so a
 * change in the law shows up there first.
 */

export interface LondonTime {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

const HOUR = 3_600_000;
const RULE_SINCE = Date.UTC(1996, 0, 1);

/** 01:00 UTC on the last Sunday of a month (0-based `month`), in milliseconds. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** UTC+1 (British Summer Time) or UTC+0 (GMT) at `time`, in milliseconds. */
function offsetUnderTheRule(time: number): number {
  const year = new Date(time).getUTCFullYear();
  const isSummer = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9);
  return isSummer ? HOUR : 0;
}

let zoneDatabase: Intl.DateTimeFormat | undefined;

/** Before 1996 only: the offset the time-zone database gives, in milliseconds. */
function offsetFromZoneDatabase(time: number): number {
  zoneDatabase ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts = Object.fromEntries(
    zoneDatabase.formatToParts(time).map((part) => [part.type, Number(part.value)]),
  );
  const wallClock = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return wallClock - Math.floor(time / 1000) * 1000;
}

/**
 * The UK's offset from UTC at `time` (milliseconds since 1970): one hour in summer, else 0; NaN
 * for an invalid time, so a date built from it is invalid too.
 */
export function londonOffset(time: number): number {
  if (!Number.isFinite(time)) return NaN;
  return time >= RULE_SINCE ? offsetUnderTheRule(time) : offsetFromZoneDatabase(time);
}

/** The UK's wall-clock reading at `instant`. Throws a RangeError for an invalid date, as `Intl` does. */
export function londonTime(instant: Date | number): LondonTime {
  const time = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(time)) throw new RangeError('Invalid time value');
  const wall = new Date(time + londonOffset(time));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    weekday: wall.getUTCDay(),
  };
}
