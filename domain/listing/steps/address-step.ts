import { z } from 'zod';
import { checkbox, postcodeSchema } from '../../validation/fields.ts';

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
