import { z } from 'zod';
import { optionalNumber, optionalText } from '../../validation/fields.ts';
import { COUNCIL_TAX_BANDS, EPC_BANDS, EPC_RATINGS, LISTING_CHANNELS, TENURES } from '../enums.ts';
import { MATERIAL_FIELDS, type MaterialField } from '../material-information.ts';
import { MAX_REASON_LENGTH, PREFILLED_FIELDS, type PrefilledField } from '../material-sources.ts';

const materialInfoSchema = z.object(
  Object.fromEntries(MATERIAL_FIELDS.map(([field]) => [field, optionalText(300)])) as Record<
    MaterialField,
    ReturnType<typeof optionalText>
  >,
);
/** Why the lister's words differ from the open data's suggestion, per suggested part. */
const materialReasonsSchema = z.object(
  Object.fromEntries(
    PREFILLED_FIELDS.map((field) => [field, optionalText(MAX_REASON_LENGTH)]),
  ) as Record<PrefilledField, ReturnType<typeof optionalText>>,
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
    /** The rating the certificate says the home could reach (A–G); asked when rated. */
    epcPotential: z.enum(EPC_BANDS, { message: 'Choose the potential rating (A to G)' }).optional(),
    materialInfo: materialInfoSchema.default({}),
    materialReasons: materialReasonsSchema.default({}),
  })
  // Runs even when a field above failed: the tenure is asked for with the council tax and EPC.
  .superRefine(
    (value, context) => {
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
      const current = EPC_BANDS.indexOf(value.epcRating as (typeof EPC_BANDS)[number]);
      if (value.epcPotential && current >= 0 && EPC_BANDS.indexOf(value.epcPotential) > current) {
        context.addIssue({
          code: 'custom',
          path: ['epcPotential'],
          message: 'The potential rating cannot be worse than the current one',
        });
      }
      if (value.councilTaxBand === 'domestic_rates' && value.domesticRatesPerYear === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['domesticRatesPerYear'],
          message: 'Enter the domestic rates a year',
        });
      }
    },
    { when: () => true },
  );
