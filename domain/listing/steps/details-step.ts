import { z } from 'zod';
import { normaliseText, stripContactDetails, unlawfulWordingReason } from '../../text.ts';
import { listingText, optionalNumber, wholeNumber } from '../../validation/fields.ts';
import { LISTING_CONTACT_MARKER } from '../contact-marker.ts';
import { LISTING_FEATURES, MAX_KEY_FEATURES } from '../enums.ts';
import { roomsSchema, roomUnitSchema } from '../rooms.ts';
import { SQ_FT_PER_SQ_M } from '../../units.ts';

export const detailsStep = z.object({
  title: listingText('title', 10, 100),
  description: listingText('description', 30, 8000, LISTING_CONTACT_MARKER),
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
  /** Rooms with their sizes (domain/listing/rooms.ts); the floor area comes from them if not given. */
  rooms: roomsSchema,
  /** How the lister types room sizes: 'm' or 'ft_in'. */
  roomUnit: roomUnitSchema,
  /** What visitors can filter on ('must-haves'); each at most once. */
  features: z
    .array(z.enum(LISTING_FEATURES, { message: 'Choose features from the list' }))
    .transform((items) => [...new Set(items)])
    .default([]),
});

export function toSquareFeet(area: number | undefined, unit: 'sq_ft' | 'sq_m'): number | null {
  if (area === undefined) return null;
  return unit === 'sq_m' ? Math.round(area * SQ_FT_PER_SQ_M) : area;
}
