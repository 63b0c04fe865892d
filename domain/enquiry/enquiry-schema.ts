import { z } from 'zod';
import { addDays, isCalendarDay, londonToday } from '../dates.ts';
import { normaliseText } from '../text.ts';
import { checkbox } from '../validation/fields.ts';
import {
  MAX_VIEWING_TIMES,
  VIEWING_PERIODS,
  VIEWING_WINDOW_DAYS,
  type ViewingTime,
} from './viewing-times.ts';

const enquiryFields = z.object({
  name: z.string({ message: 'Enter your name' }).trim().min(2, 'Enter your name').max(100),
  email: z.email({ message: 'Enter a valid e-mail address' }).trim().max(200),
  phone: z
    .string()
    .trim()
    .max(30)
    .refine(
      (value) => value === '' || /^[+()\d\s-]{7,30}$/.test(value),
      'Enter a valid phone number',
    )
    .optional(),
  message: z
    .string({ message: 'Enter a message' })
    .transform(normaliseText)
    .pipe(
      z
        .string()
        .min(10, 'Write at least 10 characters')
        .max(3000, 'Keep the message under 3,000 characters'),
    ),
  wantsViewing: checkbox.default(false),
  /** Up to three preferred viewing slots; blank rows (from the form) are ignored. */
  viewingTimes: z
    .array(
      z.object({
        date: z.string().trim().max(10).default(''),
        period: z.string().trim().max(20).default(''),
      }),
    )
    .max(MAX_VIEWING_TIMES, `Give at most ${MAX_VIEWING_TIMES} days and times`)
    .default([]),
  /** Honeypot: people never see it, bots fill it in. */
  website: z.string().max(0, 'Leave this field empty').optional(),
});

/**
 * 'Contact the lister', in the browser and on the server. A viewing request needs at least one
 * preferred slot: a day after today (UK time) within the next 3 months, and morning, afternoon
 * or evening; at most three, none repeated. Without a viewing request the slots are dropped.
 */
export const enquirySchema = enquiryFields
  .superRefine((value, context) => {
    if (!value.wantsViewing) return;
    const today = londonToday();
    const last = addDays(today, VIEWING_WINDOW_DAYS);
    const seen = new Set<string>();
    let filled = 0;
    value.viewingTimes.forEach(({ date, period }, index) => {
      if (date === '' && period === '') return;
      filled += 1;
      const issue = (field: 'date' | 'period', message: string) =>
        context.addIssue({ code: 'custom', path: ['viewingTimes', index, field], message });
      if (date === '') issue('date', 'Choose a day');
      else if (!isCalendarDay(date)) issue('date', 'Enter a real date');
      else if (date <= today) issue('date', 'Choose a day in the future');
      else if (date > last) issue('date', 'Choose a day within the next 3 months');
      if (!(VIEWING_PERIODS as readonly string[]).includes(period)) {
        issue('period', 'Choose morning, afternoon or evening');
      }
      const key = `${date}/${period}`;
      if (date !== '' && seen.has(key)) issue('date', 'You have already chosen this day and time');
      seen.add(key);
    });
    if (filled === 0) {
      context.addIssue({
        code: 'custom',
        path: ['viewingTimes'],
        message: 'Give at least one day and time that suits you for the viewing',
      });
      // The first choice's own fields carry the message too, so they are the highlighted ones.
      for (const [field, message] of [
        ['date', 'Choose a day for the viewing'],
        ['period', 'Choose morning, afternoon or evening'],
      ] as const) {
        context.addIssue({ code: 'custom', path: ['viewingTimes', 0, field], message });
      }
    }
  })
  .transform((value) => ({
    ...value,
    viewingTimes: value.wantsViewing
      ? value.viewingTimes.filter(
          (slot): slot is ViewingTime => slot.date !== '' || slot.period !== '',
        )
      : [],
  }));

export type EnquiryInput = z.infer<typeof enquirySchema>;

export { enquiryInputFromForm } from './enquiry-form-fields.ts';
