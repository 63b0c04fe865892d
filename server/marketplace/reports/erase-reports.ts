import { randomUUID } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import { ERASED_TEXT } from '../../../domain/admin/erased-account.ts';
import type { ErasureTarget, ErasureTx } from '../erasure-target.ts';
import { reporterKeyOf } from './reporter-key.ts';
import { listingReports } from './schema.ts';

/**
 * Erasure's step for reports the person made (of listings and of messages, signed in or under
 * their address): each stays for the moderation records (Online Safety Act) with its reason,
 * status and decision, but its reporter becomes a random key of its own, and the address and
 * the details they wrote go. Returns how many reports were pseudonymised.
 */
export async function eraseReportsMade(tx: ErasureTx, target: ErasureTarget): Promise<number> {
  const made = [eq(listingReports.reporterKey, reporterKeyOf(target.sub))];
  if (target.email) {
    made.push(sql`lower(${listingReports.reporterEmail}) = ${target.email.toLowerCase()}`);
  }
  const reports = await tx
    .select({ id: listingReports.id, details: listingReports.details })
    .from(listingReports)
    .where(or(...made));
  for (const report of reports) {
    await tx
      .update(listingReports)
      .set({
        reporterKey: `erased:${randomUUID()}`,
        reporterEmail: null,
        details: report.details ? ERASED_TEXT : '',
      })
      .where(eq(listingReports.id, report.id));
  }
  return reports.length;
}
