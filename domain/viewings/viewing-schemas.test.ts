import { describe, expect, it } from 'vitest';
import { availabilityFormSchema, bookingSchema } from './viewing-schemas.ts';

const choices = { slotMinutes: '30', gapMinutes: '0', bookAheadDays: '14' };

describe('availabilityFormSchema', () => {
  it('turns the form into weekly hours and days off', () => {
    const parsed = availabilityFormSchema.parse({
      ...choices,
      'from-1': '09:00',
      'to-1': '12:00',
      'from-6': '',
      'to-6': '',
      datesOff: ['2026-12-25', '2026-12-24'],
      addDateOff: '2026-12-24',
    });
    expect(parsed).toEqual({
      weekly: [{ weekday: 1, from: '09:00', to: '12:00' }],
      datesOff: ['2026-12-24', '2026-12-25'],
      slotMinutes: 30,
      gapMinutes: 0,
      bookAheadDays: 14,
    });
  });

  it('refuses half a range, a range shorter than a viewing, odd choices and unreal dates', () => {
    const result = availabilityFormSchema.safeParse({
      slotMinutes: '7',
      gapMinutes: '0',
      bookAheadDays: '365',
      'from-1': '09:00',
      'to-2': '10:00',
      'from-3': '09:00',
      'to-3': '09:10',
      'from-4': '25:00',
      'to-4': '26:00',
      addDateOff: '2026-02-30',
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['slotMinutes', 'bookAheadDays', 'from-4', 'addDateOff']),
    );
    const refined = availabilityFormSchema.safeParse({
      ...choices,
      'from-1': '09:00',
      'to-2': '10:00',
      'from-3': '09:00',
      'to-3': '09:10',
    });
    expect(refined.error!.issues.map((issue) => issue.path.join('.'))).toEqual([
      'to-1',
      'from-2',
      'to-3',
    ]);
  });
});

describe('bookingSchema', () => {
  it('needs an instant and keeps the note short', () => {
    expect(bookingSchema.parse({ startsAt: '2026-12-01T10:00:00.000Z' }).note).toBe('');
    expect(bookingSchema.safeParse({ startsAt: 'tomorrow' }).success).toBe(false);
    expect(
      bookingSchema.safeParse({ startsAt: '2026-12-01T10:00:00Z', note: 'x'.repeat(501) }).success,
    ).toBe(false);
  });
});
