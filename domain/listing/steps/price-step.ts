import { z } from 'zod';
import { checkbox, optionalPounds, pounds } from '../../validation/fields.ts';
import {
  FURNISHED_STATES,
  LET_TYPES,
  LISTING_CHANNELS,
  RENT_PERIODS,
  SALE_QUALIFIERS,
} from '../enums.ts';

const ALWAYS = { when: () => true };

export const priceStep = z
  .object({
    channel: z.enum(LISTING_CHANNELS),
    price: pounds('price', 1, 100_000_000),
    priceQualifier: z.enum(SALE_QUALIFIERS).optional(),
    rentPeriod: z.enum(RENT_PERIODS).optional(),
    deposit: optionalPounds('deposit', 0, 1_000_000),
    holdingDeposit: optionalPounds('holding deposit', 0, 100_000),
    furnished: z.enum(FURNISHED_STATES).optional(),
    letType: z.enum(LET_TYPES).optional(),
    availableFrom: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.iso.date('Enter the date as DD/MM/YYYY').optional(),
    ),
    billsIncluded: checkbox.default(false),
    petsConsidered: checkbox.default(false),
    /** Landlord registration (Scotland), Rent Smart Wales or PRS Database number. */
    registrationNumber: z
      .string()
      .trim()
      .max(40, 'Keep the registration number under 40 characters')
      .optional(),
  })
  // Runs even when a field above failed, so a step shows all its errors in one pass (failed
  // fields arrive here as null or undefined, hence the checks on `price`).
  .superRefine((value, context) => {
    const hasPrice = typeof value.price === 'number' && Number.isFinite(value.price);
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
    if (value.channel !== 'rent') return;
    if (!value.rentPeriod) {
      context.addIssue({
        code: 'custom',
        path: ['rentPeriod'],
        message: 'Choose per month or per week',
      });
    }
    if (hasPrice && value.price > 1_000_000) {
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
    if (value.deposit === undefined) {
      context.addIssue({ code: 'custom', path: ['deposit'], message: 'Enter the deposit' });
    }
    // Deposit caps and registration numbers depend on the nation: domain/lettings/check-let.ts.
  }, ALWAYS);
