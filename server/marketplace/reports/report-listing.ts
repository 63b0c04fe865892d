import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { reportSchema } from '../../../domain/report/report-schema.ts';
import { AppError } from '../../http/app-error.ts';
import { listings } from '../listings/schema.ts';
import { senderHashOf } from '../../../limits/index.ts';
import { admitReport } from './admit-report.ts';
import { listingReports } from './schema.ts';

/**
 * 'Report this listing': one open report per reporter and listing (a unique partial index makes
 * it hold under races), and a rate limit per reporter per hour.
 */
export async function reportListing(
  db: Database,
  options: {
    listingId: number;
    input: unknown;
    reporterIp: string;
    reporterSub?: string | undefined;
    /** The signed-in reporter's account address (preferred over one typed in the form). */
    reporterEmail?: string | undefined;
    limitPerHour?: number;
    now?: Date;
  },
): Promise<{ id: number }> {
  const parsed = reportSchema.safeParse(options.input);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Check the highlighted fields.',
      fieldErrorsOf(parsed.error),
    );
  }
  const [listing] = await db
    .select({ id: listings.id, deletedAt: listings.deletedAt, status: listings.status })
    .from(listings)
    .where(eq(listings.id, options.listingId));
  if (!listing || listing.deletedAt || listing.status === 'draft') {
    throw new AppError('NOT_FOUND', 'No such listing.');
  }
  const reporterKey = options.reporterSub
    ? `sub:${options.reporterSub}`
    : `ip:${senderHashOf(options.reporterIp, 'report')}`;
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await admitReport(tx, {
      reporterKey,
      sameTarget: eq(listingReports.listingId, listing.id),
      alreadyReported: 'You have already reported this listing; our team is looking at it.',
      perHour: options.limitPerHour ?? 10,
      now,
    });
    const [row] = await tx
      .insert(listingReports)
      .values({
        listingId: listing.id,
        reporterKey,
        reason: parsed.data.reason,
        details: parsed.data.details,
        reporterEmail: options.reporterEmail ?? (parsed.data.email || null),
        createdAt: now,
      })
      .returning({ id: listingReports.id });
    return { id: row!.id };
  });
}
