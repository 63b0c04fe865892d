import { z } from 'zod';
import { LISTING_CHANNELS, PROPERTY_TYPES } from '../enums.ts';

export const typeStep = z.object({
  channel: z.enum(LISTING_CHANNELS, { message: 'Choose whether you are selling or letting' }),
  propertyType: z.enum(PROPERTY_TYPES, { message: 'Choose the type of property' }),
});
