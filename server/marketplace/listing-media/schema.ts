import { text, timestamp } from 'drizzle-orm/pg-core';
import { market } from '../db/market-schema.ts';

/**
 * The perceptual hash of each photo blob, taken when it is uploaded: a re-encoded, resized or
 * slightly cropped copy of a photo lands within a few bits of it, where the content hash (the
 * blob key) changes completely. Compared by Hamming distance in repost-check.ts.
 */
export const mediaPhashes = market.table('media_phashes', {
  blobKey: text('blob_key').primaryKey(),
  /** 64 bits as a string of '0' and '1' (sharp-phash), cast to bit(64) to compare. */
  phash: text('phash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
