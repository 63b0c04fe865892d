import { z } from 'zod';
import { isCalendarDay } from '../dates.ts';
import { normaliseText } from '../text.ts';
import {
  BOOK_AHEAD_DAYS,
  GAP_MINUTES,
  MAX_DATES_OFF,
  SLOT_MINUTES,
  VIEWING_NOTE_MAX,
} from './viewing-limits.ts';
import { minutesOf, type Availability, type Weekday, type WeeklyHours } from './slots.ts';

/** Monday first, as a UK week is written. */
export const WEEK: { weekday: Weekday; name: string }[] = [
  { weekday: 1, name: 'Monday' },
  { weekday: 2, name: 'Tuesday' },
  { weekday: 3, name: 'Wednesday' },
  { weekday: 4, name: 'Thursday' },
  { weekday: 5, name: 'Friday' },
  { weekday: 6, name: 'Saturday' },
  { weekday: 0, name: 'Sunday' },
];

export const DEFAULT_AVAILABILITY: Availability = {
  weekly: [],
  datesOff: [],
  slotMinutes: 30,
  gapMinutes: 0,
  bookAheadDays: 14,
};

const clock = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time such as 09:30');
const optionalClock = z.union([z.literal(''), clock]).default('');
const oneOf = (choices: readonly number[], message: string) =>
  z.coerce.number({ message }).refine((value) => choices.includes(value), message);
const calendarDay = z
  .string()
  .trim()
  .refine((value) => isCalendarDay(value), 'Enter a real date');
const listOf = (value: unknown) =>
  value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value];

/**
 * The availability form as posted: `from-<weekday>` and `to-<weekday>` (one range a day, both
 * blank for a day without viewings), the days off kept (`datesOff`, repeated), one more day off
 * (`addDateOff`), and the three choices. Normalised to an `Availability`.
 */
export const availabilityFormSchema = z
  .object({
    ...Object.fromEntries(
      WEEK.flatMap(({ weekday }) => [
        [`from-${weekday}`, optionalClock],
        [`to-${weekday}`, optionalClock],
      ]),
    ),
    datesOff: z.preprocess(listOf, z.array(calendarDay).max(MAX_DATES_OFF, 'Too many days off')),
    addDateOff: z.union([z.literal(''), calendarDay]).default(''),
    slotMinutes: oneOf(SLOT_MINUTES, 'Choose how long each viewing lasts'),
    gapMinutes: oneOf(GAP_MINUTES, 'Choose the gap between viewings'),
    bookAheadDays: oneOf(BOOK_AHEAD_DAYS, 'Choose how far ahead people may book'),
  })
  .superRefine((form, context) => {
    const values = form as unknown as Record<string, string>;
    for (const { weekday, name } of WEEK) {
      const from = values[`from-${weekday}`] ?? '';
      const to = values[`to-${weekday}`] ?? '';
      if ((from === '') !== (to === '')) {
        context.addIssue({
          code: 'custom',
          path: [from === '' ? `from-${weekday}` : `to-${weekday}`],
          message: `Give both a start and an end time for ${name}, or neither`,
        });
      } else if (from !== '' && minutesOf(to) - minutesOf(from) < form.slotMinutes) {
        context.addIssue({
          code: 'custom',
          path: [`to-${weekday}`],
          message: `${name}'s hours must be at least one viewing long`,
        });
      }
    }
  })
  .transform((form): Availability => {
    const values = form as unknown as Record<string, string>;
    const weekly: WeeklyHours[] = WEEK.flatMap(({ weekday }) => {
      const from = values[`from-${weekday}`] ?? '';
      const to = values[`to-${weekday}`] ?? '';
      return from && to ? [{ weekday, from, to }] : [];
    });
    const datesOff = [
      ...new Set([...form.datesOff, ...(form.addDateOff ? [form.addDateOff] : [])]),
    ];
    return {
      weekly,
      datesOff: datesOff.sort(),
      slotMinutes: form.slotMinutes,
      gapMinutes: form.gapMinutes,
      bookAheadDays: form.bookAheadDays,
    };
  });

/** Booking or moving to a slot: its start (ISO instant) and, when booking, an optional note. */
export const bookingSchema = z.object({
  startsAt: z.iso.datetime({ message: 'Choose a time', offset: true }),
  note: z
    .string()
    .transform(normaliseText)
    .pipe(z.string().max(VIEWING_NOTE_MAX, 'Keep the note under 500 characters'))
    .optional()
    .default(''),
});
export type BookingInput = z.output<typeof bookingSchema>;

export const moveSchema = bookingSchema.pick({ startsAt: true });
