import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { lockSender, takeHourly } from '../../../limits/index.ts';
import { refuseWhenLimited } from '../../http/retry-later-error.ts';
import { listingReports } from './schema.ts';

/**
 * Before a report (of a listing or of a message) is written, inside its transaction: under the
 * reporter's lock, refuses a second open report of the same thing and more than `perHour` reports
 * an hour. The lock covers both checks, so two quick reports cannot both pass.
 */
export async function admitReport(
  tx: Database,
  options: {
    reporterKey: string;
    sameTarget: SQL;
    alreadyReported: string;
    perHour: number;
    now: Date;
  },
): Promise<void> {
  const lockKey = `report:${options.reporterKey}`;
  await lockSender(tx, lockKey);
  const [open] = await tx
    .select({ id: listingReports.id })
    .from(listingReports)
    .where(
      and(
        options.sameTarget,
        eq(listingReports.reporterKey, options.reporterKey),
        eq(listingReports.status, 'open'),
      ),
    );
  if (open) throw new AppError('CONFLICT', options.alreadyReported);
  refuseWhenLimited(
    await takeHourly(tx, {
      lockKey,
      table: listingReports,
      createdAt: listingReports.createdAt,
      sender: eq(listingReports.reporterKey, options.reporterKey),
      perHour: options.perHour,
      now: options.now,
    }),
    'You have sent several reports in the last hour. Please wait a while.',
  );
}
