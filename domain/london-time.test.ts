import { describe, expect, it } from 'vitest';
import { londonOffset, londonTime } from './london-time.ts';

/** What the time-zone database (Node's ICU) reads on a London clock at `time`. */
const zoneDatabase = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  weekday: 'short',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function fromZoneDatabase(time: number) {
  const parts = Object.fromEntries(zoneDatabase.formatToParts(time).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday!),
  };
}

const HOUR = 3_600_000;

describe('London time', () => {
  it('agrees with the time-zone database from 1996 to 2045', () => {
    const mismatches: string[] = [];
    const check = (time: number) => {
      const actual = londonTime(time);
      if (JSON.stringify(actual) !== JSON.stringify(fromZoneDatabase(time))) {
        mismatches.push(`${new Date(time).toISOString()}: ${JSON.stringify(actual)}`);
      }
    };
    // Every 7 h 13 min, so each hour of the day and many minutes come round.
    for (
      let time = Date.UTC(1996, 0, 1);
      time < Date.UTC(2046, 0, 1);
      time += 7 * HOUR + 13 * 60_000
    ) {
      check(time);
    }
    // Every minute from 00:30 to 01:30 UTC on each Sunday of March and October: the changes.
    for (let year = 1996; year < 2046; year++) {
      for (const month of [2, 9]) {
        for (let day = 1; day <= 31; day++) {
          const midnight = Date.UTC(year, month, day);
          if (new Date(midnight).getUTCDay() !== 0) continue;
          for (let minute = 30; minute <= 90; minute++) check(midnight + minute * 60_000);
        }
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('changes the clocks at 01:00 UTC on the last Sundays of March and October', () => {
    // 29 March 2026: 00:59 GMT, then 02:00 BST.
    expect(londonTime(Date.UTC(2026, 2, 29, 0, 59))).toMatchObject({ day: 29, hour: 0 });
    expect(londonTime(Date.UTC(2026, 2, 29, 1, 0))).toMatchObject({ day: 29, hour: 2 });
    // 25 October 2026: 01:59 BST, then 01:00 GMT.
    expect(londonTime(Date.UTC(2026, 9, 25, 0, 59))).toMatchObject({ hour: 1, minute: 59 });
    expect(londonTime(Date.UTC(2026, 9, 25, 1, 0))).toMatchObject({ hour: 1, minute: 0 });
    // Late on 31 March UTC is already 1 April in summer time.
    expect(londonTime(new Date('2026-03-31T23:30:00Z'))).toMatchObject({ month: 4, day: 1 });
  });

  it('asks the time-zone database before 1996, when other rules applied', () => {
    // 1968–1971: British Standard Time, UTC+1 all year.
    expect(londonOffset(Date.UTC(1969, 0, 15))).toBe(HOUR);
    expect(londonTime(Date.UTC(1969, 0, 15, 23, 30))).toMatchObject({ day: 16, hour: 0 });
    // 1995: summer time ended on 22 October, not the last Sunday (29 October).
    expect(londonOffset(Date.UTC(1995, 9, 25))).toBe(0);
    for (let time = Date.UTC(1970, 0, 1, 0, 17); time < Date.UTC(1996, 0, 1); time += 31 * HOUR) {
      expect(londonTime(time)).toEqual(fromZoneDatabase(time));
    }
  });

  it('rejects an invalid date as Intl does', () => {
    expect(() => londonTime(new Date('not a date'))).toThrow(RangeError);
    expect(londonOffset(Number.NaN)).toBeNaN();
  });
});
