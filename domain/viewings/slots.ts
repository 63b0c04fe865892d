import { addDays, londonToday } from '../dates.ts';
import { twoDigits } from '../format.ts';
import { londonTime } from '../london-time.ts';

/**
 * Viewing slots from a lister's weekly hours, worked out in UK wall-clock time: a 10:00 slot is
 * 10:00 in London in winter (GMT) and in summer (BST), so its UTC instant moves by an hour across
 * the clock change. Uses london-time.ts (no `Intl`), as every date on the site does.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** 0 = Sunday … 6 = Saturday, as `Date#getUTCDay` and `londonTime` count. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** One range of hours on a day of the week, `HH:MM` to `HH:MM` UK time. */
export interface WeeklyHours {
  weekday: Weekday;
  from: string;
  to: string;
}

export interface Availability {
  weekly: WeeklyHours[];
  /** UK calendar days (`YYYY-MM-DD`) with no viewings, whatever the weekly hours say. */
  datesOff: string[];
  slotMinutes: number;
  gapMinutes: number;
  /** How many days ahead (counting from today in the UK) a viewing may be booked. */
  bookAheadDays: number;
}

export interface Slot {
  startsAt: Date;
  endsAt: Date;
}

/** A slot must start at least this long after the moment it is booked. */
export const MIN_NOTICE_MINUTES = 60;

/** `HH:MM` as minutes after midnight. */
export function minutesOf(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * The instant the UK's clocks read `minute` minutes after midnight on `day`; undefined for a
 * reading that does not happen (01:00–01:59 on the last Sunday of March). A reading that happens
 * twice (01:00–01:59 on the last Sunday of October) is its first, in BST.
 */
export function londonInstant(day: string, minute: number): Date | undefined {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date, 0, minute);
  for (const candidate of [wall - HOUR, wall]) {
    const reading = londonTime(candidate);
    const readAsUtc = Date.UTC(
      reading.year,
      reading.month - 1,
      reading.day,
      reading.hour,
      reading.minute,
    );
    if (readAsUtc === wall) return new Date(candidate);
  }
  return undefined;
}

const overlaps = (a: Slot, b: Slot) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;

/** Weekday of a UK calendar day (worked out at midday UTC, the same day in London all year). */
const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** The slots a day's hours give: back to back with the gap between, the last starting in time to end by `to`. */
function slotsOfDay(day: string, hours: WeeklyHours, availability: Availability): Slot[] {
  const slots: Slot[] = [];
  const end = minutesOf(hours.to);
  const step = availability.slotMinutes + availability.gapMinutes;
  for (let start = minutesOf(hours.from); start + availability.slotMinutes <= end; start += step) {
    const startsAt = londonInstant(day, start);
    // A start the spring clock change swallows is left out rather than moved.
    if (!startsAt) continue;
    slots.push({
      startsAt,
      endsAt: new Date(startsAt.getTime() + availability.slotMinutes * MINUTE),
    });
  }
  return slots;
}

/**
 * Every slot a viewing may be booked in: on the lister's weekly hours, from `MIN_NOTICE_MINUTES`
 * after `now` to the end of the last bookable UK day, leaving out days off and anything that
 * overlaps `taken` (viewings already booked, at this home or the lister's others).
 */
export function freeSlots(availability: Availability, now: Date, taken: Slot[] = []): Slot[] {
  const earliest = now.getTime() + MIN_NOTICE_MINUTES * MINUTE;
  const today = londonToday(now);
  const daysOff = new Set(availability.datesOff);
  const slots: Slot[] = [];
  for (let offset = 0; offset <= availability.bookAheadDays; offset += 1) {
    const day = addDays(today, offset);
    if (daysOff.has(day)) continue;
    const weekday = weekdayOf(day);
    const hours = availability.weekly
      .filter((range) => range.weekday === weekday)
      .sort((a, b) => minutesOf(a.from) - minutesOf(b.from));
    for (const range of hours) {
      for (const slot of slotsOfDay(day, range, availability)) {
        if (slot.startsAt.getTime() < earliest) continue;
        if (taken.some((booked) => overlaps(slot, booked))) continue;
        slots.push(slot);
      }
    }
  }
  return slots;
}

/** Whether `startsAt` is exactly one of the free slots (what a booking must name). */
export function findFreeSlot(slots: Slot[], startsAt: Date): Slot | undefined {
  return slots.find((slot) => slot.startsAt.getTime() === startsAt.getTime());
}

/** The UK calendar day of an instant, `YYYY-MM-DD`. */
export function londonDayOf(instant: Date): string {
  return londonToday(instant);
}

/** e.g. '10:00', UK time. */
export function formatClock(instant: Date | string): string {
  const { hour, minute } = londonTime(typeof instant === 'string' ? new Date(instant) : instant);
  return `${twoDigits(hour)}:${twoDigits(minute)}`;
}

/** Slots grouped by UK calendar day, in order, the first `maxDays` days that have any. */
export function slotsByDay<T extends { startsAt: Date | string }>(
  slots: T[],
  maxDays = Number.POSITIVE_INFINITY,
): { day: string; slots: T[] }[] {
  const days: { day: string; slots: T[] }[] = [];
  for (const slot of slots) {
    const day = londonDayOf(new Date(slot.startsAt));
    const last = days.at(-1);
    if (last?.day === day) last.slots.push(slot);
    else if (days.length < maxDays) days.push({ day, slots: [slot] });
    else break;
  }
  return days;
}
