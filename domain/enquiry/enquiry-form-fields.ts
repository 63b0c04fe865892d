import { MAX_VIEWING_TIMES } from './viewing-times.ts';

/**
 * The enquiry form's fields (`viewingDate1`, `viewingPeriod1`, …) as the schema's input. Apart
 * from the zod schema (enquiry-schema.ts), so the property page's route module reads its form
 * without loading zod: the browser loads the schema only when the form is first used.
 */
export function enquiryInputFromForm(values: Record<string, string>): Record<string, unknown> {
  const { wantsViewing, ...rest } = values;
  const viewingTimes = Array.from({ length: MAX_VIEWING_TIMES }, (_, index) => ({
    date: values[`viewingDate${index + 1}`] ?? '',
    period: values[`viewingPeriod${index + 1}`] ?? '',
  }));
  for (let index = 1; index <= MAX_VIEWING_TIMES; index += 1) {
    delete rest[`viewingDate${index}`];
    delete rest[`viewingPeriod${index}`];
  }
  return { ...rest, wantsViewing: wantsViewing === 'on', viewingTimes };
}
