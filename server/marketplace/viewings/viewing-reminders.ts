import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { defineJob } from '../../jobs/job-queue.ts';
import type { Logger } from '../../logger.ts';
import type { SendEmail } from '../enquiries/submit-enquiry.ts';
import { tellBothSides } from './book-viewing.ts';
import { viewings } from './schema.ts';
import { findViewingListing } from './viewing-listing.ts';

const DAY_MS = 86_400_000;

/**
 * Reminds both sides of each viewing in the next 24 hours, once: the due rows are claimed and
 * marked in one statement (`FOR UPDATE SKIP LOCKED`), so two instances never remind twice. A
 * viewing booked or moved less than a day ahead gets none: its confirmation is recent.
 */
export async function sendViewingReminders(
  db: Database,
  options: { send: SendEmail | undefined; publicUrl: string; logger: Logger; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const dayAhead = new Date(now.getTime() + DAY_MS);
  const due = db
    .select({ id: viewings.id })
    .from(viewings)
    .where(
      and(
        eq(viewings.status, 'booked'),
        isNull(viewings.remindedAt),
        gt(viewings.startsAt, now),
        lte(viewings.startsAt, dayAhead),
        sql`${viewings.bookedAt} <= ${viewings.startsAt} - interval '1 day'`,
      ),
    )
    .limit(100)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(viewings)
    .set({ remindedAt: now })
    .where(inArray(viewings.id, due))
    .returning();
  for (const viewing of claimed) {
    const listing = await findViewingListing(db, viewing.listingId);
    if (listing) await tellBothSides(options, { viewing, listing, kind: 'reminder' });
  }
  return claimed.length;
}

/** Every 15 minutes, once across all instances (the queue deduplicates each run). */
export function createViewingRemindersJob(options: {
  db: Database;
  send: () => SendEmail | undefined;
  publicUrl: () => string;
  logger: Logger;
}) {
  return defineJob({
    name: 'viewings.remind',
    payload: z.object({}),
    everyMs: 15 * 60 * 1000,
    async run(_payload, { logger }) {
      const reminded = await sendViewingReminders(options.db, {
        send: options.send(),
        publicUrl: options.publicUrl(),
        logger: options.logger,
      });
      if (reminded > 0) logger.info({ reminded }, 'viewing reminders');
    },
  });
}
