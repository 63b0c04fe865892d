import { describe, expect, it } from 'vitest';
import { freeSlots, formatClock, londonInstant, slotsByDay, type Availability } from './slots.ts';

const everyDay = (from: string, to: string): Availability['weekly'] =>
  ([0, 1, 2, 3, 4, 5, 6] as const).map((weekday) => ({ weekday, from, to }));

const base: Availability = {
  weekly: everyDay('10:00', '11:00'),
  datesOff: [],
  slotMinutes: 30,
  gapMinutes: 0,
  bookAheadDays: 7,
};

const iso = (slots: { startsAt: Date }[]) => slots.map((slot) => slot.startsAt.toISOString());

describe('londonInstant', () => {
  it('reads a winter wall clock as GMT and a summer one as BST', () => {
    expect(londonInstant('2026-01-15', 10 * 60)?.toISOString()).toBe('2026-01-15T10:00:00.000Z');
    expect(londonInstant('2026-07-15', 10 * 60)?.toISOString()).toBe('2026-07-15T09:00:00.000Z');
  });

  it('has no instant for the hour the spring change skips, and the first of the hour repeated in autumn', () => {
    expect(londonInstant('2026-03-29', 60 + 30)).toBeUndefined();
    expect(londonInstant('2026-10-25', 60 + 30)?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('freeSlots across the clock change', () => {
  it('keeps 10:00 at 10:00 London time through the last Sunday of October', () => {
    // Wednesday 21 October 2026, 08:00 UTC; the clocks go back on Sunday 25 October.
    const slots = freeSlots(base, new Date('2026-10-21T08:00:00Z'));
    const starts = iso(slots);
    expect(starts).toContain('2026-10-24T09:00:00.000Z'); // Saturday, BST
    expect(starts).toContain('2026-10-25T10:00:00.000Z'); // Sunday, GMT from 01:00 UTC
    expect(starts).toContain('2026-10-26T10:00:00.000Z');
    expect(slots.every((slot) => ['10:00', '10:30'].includes(formatClock(slot.startsAt)))).toBe(
      true,
    );
  });

  it('keeps 10:00 at 10:00 London time through the last Sunday of March', () => {
    // Wednesday 25 March 2026; the clocks go forward on Sunday 29 March.
    const starts = iso(freeSlots(base, new Date('2026-03-25T08:00:00Z')));
    expect(starts).toContain('2026-03-28T10:00:00.000Z'); // Saturday, GMT
    expect(starts).toContain('2026-03-29T09:00:00.000Z'); // Sunday, BST
    expect(starts).toContain('2026-03-30T09:30:00.000Z');
  });

  it('leaves out a start the spring change swallows; a slot lasts its length in real time', () => {
    const night: Availability = { ...base, weekly: [{ weekday: 0, from: '00:30', to: '02:30' }] };
    const slots = freeSlots(night, new Date('2026-03-25T08:00:00Z'));
    const sunday = slots.filter((slot) => slot.startsAt.toISOString().startsWith('2026-03-29'));
    // 00:30 (GMT) and 02:00 (BST) only: 01:00 and 01:30 do not happen that night.
    expect(iso(sunday)).toEqual(['2026-03-29T00:30:00.000Z', '2026-03-29T01:00:00.000Z']);
    expect(sunday.map((slot) => formatClock(slot.startsAt))).toEqual(['00:30', '02:00']);
  });
});

describe('freeSlots', () => {
  const now = new Date('2026-11-30T08:00:00Z'); // Monday

  it('steps by slot length plus gap and ends each slot within the hours', () => {
    const slots = freeSlots(
      { ...base, weekly: [{ weekday: 2, from: '09:00', to: '11:00' }], gapMinutes: 15 },
      now,
    );
    expect(slots.map((slot) => formatClock(slot.startsAt))).toEqual(['09:00', '09:45', '10:30']);
    expect(slots[0]!.endsAt.toISOString()).toBe('2026-12-01T09:30:00.000Z');
  });

  it('skips days off, booked slots (or overlapping ones) and anything within the notice', () => {
    const slots = freeSlots({ ...base, datesOff: ['2026-12-01'] }, now, [
      { startsAt: new Date('2026-12-02T10:15:00Z'), endsAt: new Date('2026-12-02T10:45:00Z') },
    ]);
    const days = slotsByDay(slots);
    expect(days[0]!.day).toBe('2026-11-30'); // today: 10:00 is two hours away
    expect(days.map((day) => day.day)).not.toContain('2026-12-01');
    expect(days.find((day) => day.day === '2026-12-02')).toBeUndefined();
    const late = freeSlots(base, new Date('2026-11-30T09:31:00Z'));
    expect(late[0]!.startsAt.toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });

  it('offers nothing past the days ahead the lister allows', () => {
    const slots = freeSlots({ ...base, bookAheadDays: 2 }, now);
    expect(slotsByDay(slots).map((day) => day.day)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(slotsByDay(slots, 1)).toHaveLength(1);
  });

  it('offers nothing without weekly hours', () => {
    expect(freeSlots({ ...base, weekly: [] }, now)).toEqual([]);
  });
});
