import { isValid as isValidPostcode, toNormalised } from 'postcode';
import { z } from 'zod';
import { formatCalendarDay } from '../../lib/format.ts';
import { LISTING_FEATURES, PROPERTY_TYPES } from '../../lib/search-params.ts';

export { LISTING_FEATURES };

/**
 * The listing's rules, shared by the wizard (client) and the marketplace (server): one zod schema
 * per wizard step, and the whole listing checked again on publish.
 */

export const LISTING_CHANNELS = ['sale', 'rent'] as const;
export const SALE_QUALIFIERS = [
  'guide_price',
  'offers_over',
  'offers_in_region_of',
  'fixed_price',
  'from',
  'poa',
] as const;
export const RENT_PERIODS = ['month', 'week'] as const;
export const TENURES = [
  'freehold',
  'leasehold',
  'share_of_freehold',
  'commonhold',
  'shared_ownership',
] as const;
export const COUNCIL_TAX_BANDS = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'I',
  'domestic_rates',
] as const;
export const EPC_RATINGS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'exempt', 'pending'] as const;
export const FURNISHED_STATES = ['furnished', 'part_furnished', 'unfurnished'] as const;
export const LET_TYPES = ['long_term', 'short_term', 'student'] as const;
export const REPORT_REASONS = [
  'scam',
  'unavailable',
  'wrong_information',
  'offensive',
  'duplicate',
  'discrimination',
  'other',
] as const;
export const MAX_KEY_FEATURES = 10;
export const MAX_TOURS = 5;

export const MATERIAL_FIELDS = [
  ['construction', 'Construction', 'For example: standard brick and tile'],
  ['electricity', 'Electricity supply', 'For example: mains'],
  ['water', 'Water supply', 'For example: mains'],
  ['sewerage', 'Sewerage', 'For example: mains drainage'],
  ['heating', 'Heating', 'For example: gas central heating'],
  ['broadband', 'Broadband', 'For example: FTTP up to 900 Mbps'],
  ['mobileSignal', 'Mobile signal', 'For example: good indoors on all networks'],
  ['parking', 'Parking', 'For example: driveway for two cars'],
  ['floodRisk', 'Flood risk', 'For example: very low; never flooded'],
  ['buildingSafety', 'Building safety', 'For example: no known cladding issues'],
  ['restrictions', 'Restrictions', 'For example: conservation area, listed building, covenants'],
  ['rights', 'Rights and easements', 'For example: shared driveway, public footpath'],
  ['accessibility', 'Accessibility', 'For example: level access, ground-floor bedroom'],
] as const;
export type MaterialField = (typeof MATERIAL_FIELDS)[number][0];
export type MaterialInformation = Partial<Record<MaterialField, string>>;

export interface TourLink {
  kind: 'video' | 'tour';
  url: string;
  title: string;
}

/** Wording refused in adverts (Equality Act; Renters' Rights Act 2025 from 1 May 2026). */
const UNLAWFUL_WORDING: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /\bno\s+(dss|benefits?|housing\s+benefit|universal\s+credit)\b|\bdss\s+not\b/i,
    reason:
      "'No DSS' or 'No benefits' wording is unlawful: you may not refuse tenants because they receive benefits.",
  },
  {
    pattern: /\bno\s+(children|kids|families)\b|\b(adults|professionals)\s+only\b/i,
    reason:
      "'No children' wording is unlawful: you may not refuse tenants because they have children.",
  },
];

const PHONE = /(?:\+44\s?\(?0?\)?|\(?0)(?:[\s\-().]*\d){9,10}/g;
const EMAIL = /[a-z0-9._%+-]+\s*(?:@|\[at\]|\(at\))\s*[a-z0-9.-]+\.[a-z]{2,}/gi;
const LINK =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:com|co\.uk|uk|net|org|io|me)(?:\/\S*)?\b/gi;

/** Removes phone numbers, e-mail addresses and links, so contact stays on Roost. */
export function stripContactDetails(text: string): string {
  return text.replace(EMAIL, '[removed]').replace(LINK, '[removed]').replace(PHONE, '[removed]');
}

/** Plain text: trimmed lines, at most one blank line between paragraphs, no control characters. */
export function normaliseText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .split('\n')
      .map((line) => line.trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

export function unlawfulWordingReason(text: string): string | undefined {
  return UNLAWFUL_WORDING.find(({ pattern }) => pattern.test(text))?.reason;
}

const listingText = (label: string, min: number, max: number) =>
  z
    .string({ message: `Enter the ${label}` })
    .transform((value) => stripContactDetails(normaliseText(value)))
    .pipe(
      z
        .string()
        .min(min, `The ${label} must be at least ${min} characters`)
        .max(max, `The ${label} must be at most ${max} characters`)
        .refine((value) => !unlawfulWordingReason(value), {
          error: (issue) => unlawfulWordingReason(String(issue.input)) ?? 'Not allowed',
        }),
    );

const optionalText = (max: number) =>
  z
    .string()
    .max(max, `Keep this under ${max} characters`)
    .transform((value) => stripContactDetails(normaliseText(value)))
    .optional();

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ message: `Enter the ${label} as a number` })
    .int(`Enter the ${label} as a whole number`)
    .min(min, `The ${label} must be at least ${min.toLocaleString('en-GB')}`)
    .max(max, `The ${label} must be at most ${max.toLocaleString('en-GB')}`);

const optionalNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    wholeNumber(label, min, max).optional(),
  );

/** A UK postcode, normalised (`sw1a1aa` → `SW1A 1AA`). */
export const postcodeSchema = z
  .string({ message: 'Enter the postcode' })
  .trim()
  .refine((value) => isValidPostcode(value), 'Enter a real UK postcode, such as SW1A 1AA')
  .transform((value) => toNormalised(value)!);

const checkbox = z.preprocess(
  (value) => value === true || value === 'on' || value === 'true',
  z.boolean(),
);

export const typeStep = z.object({
  channel: z.enum(LISTING_CHANNELS, { message: 'Choose whether you are selling or letting' }),
  propertyType: z.enum(PROPERTY_TYPES, { message: 'Choose the type of property' }),
});

export const addressStep = z.object({
  addressLine1: z
    .string({ message: 'Enter the first line of the address' })
    .trim()
    .min(3, 'Enter the first line of the address')
    .max(120, 'Keep the address line under 120 characters'),
  addressLine2: z.string().trim().max(120, 'Keep the address line under 120 characters').optional(),
  town: z
    .string({ message: 'Enter the town or city' })
    .trim()
    .min(2, 'Enter the town or city')
    .max(80, 'Keep the town under 80 characters'),
  county: z.string().trim().max(80, 'Keep the county under 80 characters').optional(),
  postcode: postcodeSchema,
  isFullAddressShown: checkbox.default(false),
});

export const detailsStep = z.object({
  title: listingText('title', 10, 100),
  description: listingText('description', 30, 8000),
  keyFeatures: z
    .array(z.string().transform((value) => stripContactDetails(normaliseText(value))))
    .transform((items) => items.filter((item) => item.length > 0))
    .pipe(
      z
        .array(z.string().max(100, 'Keep each key feature under 100 characters'))
        .max(MAX_KEY_FEATURES, `Add at most ${MAX_KEY_FEATURES} key features`),
    )
    .superRefine((items, context) => {
      const reason = items.map(unlawfulWordingReason).find(Boolean);
      if (reason) context.addIssue({ code: 'custom', message: reason });
    })
    .default([]),
  bedrooms: wholeNumber('number of bedrooms', 0, 50),
  bathrooms: wholeNumber('number of bathrooms', 0, 50),
  receptions: wholeNumber('number of reception rooms', 0, 50),
  floorArea: optionalNumber('floor area', 10, 1_000_000),
  floorAreaUnit: z.enum(['sq_ft', 'sq_m']).default('sq_ft'),
  /** What visitors can filter on ('must-haves'); each at most once. */
  features: z
    .array(z.enum(LISTING_FEATURES, { message: 'Choose features from the list' }))
    .transform((items) => [...new Set(items)])
    .default([]),
});

const materialInfoSchema = z.object(
  Object.fromEntries(MATERIAL_FIELDS.map(([field]) => [field, optionalText(300)])) as Record<
    MaterialField,
    ReturnType<typeof optionalText>
  >,
);

export const materialStep = z
  .object({
    channel: z.enum(LISTING_CHANNELS),
    tenure: z.enum(TENURES, { message: 'Choose the tenure' }).optional(),
    leaseYearsRemaining: optionalNumber('years left on the lease', 0, 999),
    groundRentPerYear: optionalNumber('ground rent', 0, 100_000),
    serviceChargePerYear: optionalNumber('service charge', 0, 1_000_000),
    councilTaxBand: z.enum(COUNCIL_TAX_BANDS, { message: 'Choose the council tax band' }),
    domesticRatesPerYear: optionalNumber('domestic rates', 0, 100_000),
    epcRating: z.enum(EPC_RATINGS, { message: 'Choose the EPC rating (or exempt / pending)' }),
    materialInfo: materialInfoSchema.default({}),
  })
  .superRefine((value, context) => {
    if (value.channel === 'sale' && !value.tenure) {
      context.addIssue({ code: 'custom', path: ['tenure'], message: 'Choose the tenure' });
    }
    if (value.tenure === 'leasehold' && value.leaseYearsRemaining === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['leaseYearsRemaining'],
        message: 'Enter the years left on the lease',
      });
    }
    if (value.councilTaxBand === 'domestic_rates' && value.domesticRatesPerYear === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['domesticRatesPerYear'],
        message: 'Enter the domestic rates a year',
      });
    }
  });

export const tourSchema = z.object({
  kind: z.enum(['video', 'tour']),
  url: z
    .url({ protocol: /^https$/, message: 'Enter a full https:// link' })
    .max(500, 'Keep the link under 500 characters'),
  title: z.string().trim().max(80).default(''),
});

export const mediaStep = z.object({
  tours: z.array(tourSchema).max(MAX_TOURS, `Add at most ${MAX_TOURS} tours or videos`).default([]),
});

/** Tenant Fees Act 2019 caps, in whole pounds: deposit 5 weeks (6 at £50,000 a year), holding 1. */
export function depositCaps(rent: number, period: 'month' | 'week') {
  const annual = period === 'week' ? rent * 52 : rent * 12;
  const weekly = annual / 52;
  const depositWeeks = annual >= 50_000 ? 6 : 5;
  return {
    depositWeeks,
    maxDeposit: Math.floor(weekly * depositWeeks + 1e-9),
    maxHoldingDeposit: Math.floor(weekly + 1e-9),
  };
}

export const priceStep = z
  .object({
    channel: z.enum(LISTING_CHANNELS),
    price: wholeNumber('price', 1, 100_000_000),
    priceQualifier: z.enum(SALE_QUALIFIERS).optional(),
    rentPeriod: z.enum(RENT_PERIODS).optional(),
    deposit: optionalNumber('deposit', 0, 1_000_000),
    holdingDeposit: optionalNumber('holding deposit', 0, 100_000),
    furnished: z.enum(FURNISHED_STATES).optional(),
    letType: z.enum(LET_TYPES).optional(),
    availableFrom: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.iso.date('Enter the date as DD/MM/YYYY').optional(),
    ),
    billsIncluded: checkbox.default(false),
    petsConsidered: checkbox.default(false),
  })
  .superRefine((value, context) => {
    if (value.channel === 'sale') {
      if (!value.priceQualifier) {
        context.addIssue({
          code: 'custom',
          path: ['priceQualifier'],
          message: 'Choose how the price is shown',
        });
      }
      return;
    }
    if (value.priceQualifier && value.priceQualifier !== 'fixed_price') {
      context.addIssue({
        code: 'custom',
        path: ['priceQualifier'],
        message:
          "Lets must state one specific rent: 'offers over' and bidding are not allowed (Renters' Rights Act 2025)",
      });
    }
    if (!value.rentPeriod) {
      context.addIssue({
        code: 'custom',
        path: ['rentPeriod'],
        message: 'Choose per month or per week',
      });
      return;
    }
    if (value.price > 1_000_000) {
      context.addIssue({
        code: 'custom',
        path: ['price'],
        message: 'Check the rent: it looks too high',
      });
    }
    if (!value.furnished) {
      context.addIssue({
        code: 'custom',
        path: ['furnished'],
        message: 'Choose the furnished state',
      });
    }
    if (!value.letType) {
      context.addIssue({ code: 'custom', path: ['letType'], message: 'Choose the type of let' });
    }
    const caps = depositCaps(value.price, value.rentPeriod);
    if (value.deposit === undefined) {
      context.addIssue({ code: 'custom', path: ['deposit'], message: 'Enter the deposit' });
    } else if (value.deposit > caps.maxDeposit) {
      context.addIssue({
        code: 'custom',
        path: ['deposit'],
        message: `The deposit can be at most £${caps.maxDeposit.toLocaleString('en-GB')}: ${caps.depositWeeks} weeks' rent (Tenant Fees Act 2019)`,
      });
    }
    if (value.holdingDeposit !== undefined && value.holdingDeposit > caps.maxHoldingDeposit) {
      context.addIssue({
        code: 'custom',
        path: ['holdingDeposit'],
        message: `The holding deposit can be at most £${caps.maxHoldingDeposit.toLocaleString('en-GB')}: one week's rent (Tenant Fees Act 2019)`,
      });
    }
  });

export const WIZARD_STEPS = [
  { step: 1, key: 'type', title: 'Type and channel', schema: typeStep },
  { step: 2, key: 'address', title: 'Address and location', schema: addressStep },
  { step: 3, key: 'details', title: 'Details', schema: detailsStep },
  { step: 4, key: 'material', title: 'Material information', schema: materialStep },
  { step: 5, key: 'media', title: 'Photos and media', schema: mediaStep },
  { step: 6, key: 'price', title: 'Price', schema: priceStep },
  { step: 7, key: 'review', title: 'Review and publish', schema: z.object({}) },
] as const;
export const LAST_STEP = WIZARD_STEPS.length;

export type FieldErrors = Record<string, string>;

/** zod issues → `{ 'deposit': 'The deposit can be at most…' }`, first message per field. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_form';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Validates one step's fields of the draft; the channel is passed to the steps that need it. */
export function validateStep(
  step: number,
  data: Record<string, unknown>,
): { success: true; data: Record<string, unknown> } | { success: false; fields: FieldErrors } {
  const definition = WIZARD_STEPS.find((entry) => entry.step === step);
  if (!definition) return { success: false, fields: { _form: 'Unknown step' } };
  const result = (definition.schema as z.ZodType).safeParse(data);
  if (!result.success) return { success: false, fields: fieldErrorsOf(result.error) };
  return { success: true, data: result.data as Record<string, unknown> };
}

export const fullListingSchema = typeStep
  .extend(addressStep.shape)
  .extend(detailsStep.shape)
  .extend(mediaStep.shape)
  .and(materialStep)
  .and(priceStep);
export type ListingInput = z.infer<typeof fullListingSchema>;

/** Checks every step at once (publish, API create and update). */
export function validateListing(
  data: Record<string, unknown>,
): { success: true; data: ListingInput } | { success: false; fields: FieldErrors } {
  const result = fullListingSchema.safeParse(data);
  if (!result.success) return { success: false, fields: fieldErrorsOf(result.error) };
  return { success: true, data: result.data };
}

export function toSquareFeet(area: number | undefined, unit: 'sq_ft' | 'sq_m'): number | null {
  if (area === undefined) return null;
  return unit === 'sq_m' ? Math.round(area * 10.7639) : area;
}

export const VIEWING_PERIODS = ['morning', 'afternoon', 'evening'] as const;
export type ViewingPeriod = (typeof VIEWING_PERIODS)[number];
export const VIEWING_PERIOD_LABELS: Record<ViewingPeriod, string> = {
  morning: 'Morning (9am to 12 noon)',
  afternoon: 'Afternoon (12 noon to 5pm)',
  evening: 'Evening (5pm to 8pm)',
};
export const MAX_VIEWING_TIMES = 3;
/** How far ahead a viewing may be asked for. */
export const VIEWING_WINDOW_DAYS = 90;

export interface ViewingTime {
  /** A calendar day in the UK, `YYYY-MM-DD`. */
  date: string;
  period: ViewingPeriod;
}

/** e.g. 'Saturday 28 November 2026, morning (9am to 12 noon)'. */
export function formatViewingTime(slot: ViewingTime): string {
  const label = VIEWING_PERIOD_LABELS[slot.period] ?? slot.period;
  return `${formatCalendarDay(slot.date)}, ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}

const londonDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in the UK (`YYYY-MM-DD`), whatever the server's or browser's zone. */
export function londonToday(now = new Date()): string {
  return londonDay.format(now);
}

/** `YYYY-MM-DD` plus some days (calendar arithmetic in UTC, so no clock change shifts it). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

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

/** The enquiry form's fields (`viewingDate1`, `viewingPeriod1`, …) as the schema's input. */
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

export const reportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { message: 'Choose a reason' }),
    details: z
      .string()
      .transform(normaliseText)
      .pipe(z.string().max(2000, 'Keep the details under 2,000 characters'))
      .default(''),
  })
  .superRefine((value, context) => {
    if (value.reason === 'other' && value.details.length < 10) {
      context.addIssue({
        code: 'custom',
        path: ['details'],
        message: 'Tell us what is wrong (at least 10 characters)',
      });
    }
  });

export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  scam: 'Scam or fraud (for example, asks for money before a viewing)',
  unavailable: 'Already sold or let',
  wrong_information: 'Wrong price or information',
  offensive: 'Offensive content',
  duplicate: 'Duplicate listing',
  discrimination: 'Discriminatory wording',
  other: 'Something else',
};
