import { z } from 'zod';
import { LISTING_CHANNELS } from '../listing/enums.ts';
import { londonOffset } from '../london-time.ts';
import { PRODUCT_CODES } from '../payments/catalogue.ts';
import { newPromoCode } from './promo-code.ts';

/**
 * What administrators send from /admin-portal/campaigns (catalogue, complimentary upgrades, promo
 * codes, e-mail campaigns) and what users send about marketing e-mails, validated alike by the
 * page actions and the use cases.
 */

/** Shown next to the opt-in box and stored word for word with each consent (PECR). */
export const MARKETING_CONSENT_WORDING =
  'E-mail me occasional news and offers from Roost. I can stop these at any time from any e-mail or from my account.';

const reason = z
  .string({ message: 'Give a reason' })
  .trim()
  .min(3, 'Give a reason (at least 3 characters)')
  .max(500, 'Keep the reason under 500 characters');

/** '12.50' or '£12.50' → 1250 pence. */
const pounds = z
  .string({ message: 'Enter a price in pounds' })
  .trim()
  .transform((value) => value.replace(/^£/, ''))
  .refine((value) => /^\d{1,5}(\.\d{1,2})?$/.test(value), 'Enter a price in pounds, like 9.99')
  .transform((value) => Math.round(Number(value) * 100));

const checkbox = z.preprocess(
  (value) => value === true || value === 'on' || value === 'true',
  z.boolean(),
);

export const productUpdateInput = z.object({
  code: z.enum(PRODUCT_CODES, { message: 'Choose a product' }),
  name: z.string().trim().min(3, 'Enter a name').max(80, 'Keep the name under 80 characters'),
  description: z
    .string()
    .trim()
    .min(10, 'Enter a description (at least 10 characters)')
    .max(300, 'Keep the description under 300 characters'),
  price: pounds.pipe(
    z.number().min(100, 'The price must be at least £1.00').max(100_000, 'At most £1,000.00'),
  ),
  /** For products with a placement (featured, showcase): how many days it runs. */
  days: z.coerce
    .number({ message: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(1, 'At least 1 day')
    .max(90, 'At most 90 days')
    .optional(),
  isActive: checkbox,
});
export type ProductUpdateInput = z.infer<typeof productUpdateInput>;

export const grantUpgradeInput = z.object({
  listingId: z.coerce
    .number({ message: 'Enter a listing number' })
    .int('Enter a listing number')
    .positive('Enter a listing number'),
  productCode: z.enum(PRODUCT_CODES, { message: 'Choose an upgrade' }),
  reason,
});

export const endUpgradeInput = z.object({
  upgradeId: z.coerce.number().int().positive(),
  reason,
});

/** A form's `datetime-local` value (`YYYY-MM-DDTHH:mm`) is UK time; anything else as written. */
export function parseLondonDateTime(value: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return new Date(value);
  const asUtc = new Date(`${value}${value.length === 16 ? ':00' : ''}Z`);
  return new Date(asUtc.getTime() - londonOffset(asUtc.getTime()));
}

const optionalDateTime = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return undefined;
    const date = parseLondonDateTime(value);
    if (Number.isNaN(date.getTime())) {
      context.addIssue({ code: 'custom', message: 'Enter a date and time' });
      return z.NEVER;
    }
    return date;
  });

/** A form sends blank optional fields as ''; they mean 'not given'. */
function withoutBlanks(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, entry]) => !(typeof entry === 'string' && entry.trim() === ''),
    ),
  );
}

const promoCodeFields = z
  .object({
    code: newPromoCode,
    kind: z.enum(['percent', 'amount'], { message: 'Choose percentage or fixed amount' }),
    percentOff: z.coerce.number().int().min(1).max(100).optional(),
    amountOff: pounds.optional(),
    validFrom: optionalDateTime,
    validTo: optionalDateTime,
    maxUses: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.coerce
        .number()
        .int('Enter a whole number')
        .min(1, 'At least 1 use')
        .max(1_000_000)
        .optional(),
    ),
    isOncePerUser: checkbox,
    productCodes: z.preprocess(
      (value) => (value === undefined || value === '' ? [] : [value].flat()),
      z.array(z.enum(PRODUCT_CODES)),
    ),
  })
  .superRefine((value, context) => {
    if (value.kind === 'percent' && value.percentOff === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['percentOff'],
        message: 'Enter a percentage from 1 to 100',
      });
    }
    if (value.kind === 'amount' && (value.amountOff === undefined || value.amountOff <= 0)) {
      context.addIssue({ code: 'custom', path: ['amountOff'], message: 'Enter an amount off' });
    }
    if (value.validFrom && value.validTo && value.validTo <= value.validFrom) {
      context.addIssue({
        code: 'custom',
        path: ['validTo'],
        message: 'The end must be after the start',
      });
    }
  });
export const promoCodeInput = z.preprocess(withoutBlanks, promoCodeFields);
export type PromoCodeInput = z.infer<typeof promoCodeInput>;

export const promoActiveInput = z.object({
  promoCodeId: z.coerce.number().int().positive(),
  isActive: checkbox,
});

/** Who a campaign goes to; always only people who opted in. */
export const campaignAudience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({
    kind: z.literal('saved-searches'),
    channel: z.enum(LISTING_CHANNELS),
    /** A town slug; absent: anywhere. */
    place: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]{1,80}$/, 'Enter a town as in its search address, like leeds')
      .optional(),
  }),
]);
export type CampaignAudience = z.infer<typeof campaignAudience>;

export const campaignInput = z.object({
  subject: z
    .string()
    .trim()
    .min(3, 'Enter a subject')
    .max(150, 'Keep the subject under 150 characters'),
  body: z
    .string()
    .trim()
    .min(10, 'Write the e-mail (at least 10 characters)')
    .max(20_000, 'Keep the e-mail under 20,000 characters'),
  audience: campaignAudience,
  ratePerMinute: z.coerce.number().int().min(1).max(10_000).default(100),
});
export type CampaignInput = z.infer<typeof campaignInput>;

/** Reads the audience fields of the campaign form. */
export function audienceFromForm(form: Record<string, unknown>): unknown {
  if (form.audience === 'saved-searches') {
    const place = typeof form.place === 'string' && form.place.trim() ? form.place : undefined;
    return { kind: 'saved-searches', channel: form.channel, ...(place ? { place } : {}) };
  }
  return { kind: 'all' };
}

export const scheduleInput = z.object({
  campaignId: z.coerce.number().int().positive(),
  /** Absent: now. */
  sendAt: optionalDateTime,
});

export const consentInput = z.object({ isGranted: checkbox });
