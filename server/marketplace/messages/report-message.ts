import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { messageReportSchema } from '../../../domain/report/report-schema.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { listingReports } from '../reports/schema.ts';
import { admitReport } from '../reports/admit-report.ts';
import { threadMessages } from './schema.ts';
import { loadThreadFor } from './thread-access.ts';

/**
 * A participant reports a message the other party sent: it joins the listing's reports in the
 * moderation queue, where moderators read the message and its conversation. One open report per
 * message and reporter; the same hourly limit as listing reports.
 */
export async function reportMessage(
  db: Database,
  options: {
    messageId: number;
    userSub: string;
    userEmail: string | undefined;
    input: unknown;
    limitPerHour?: number;
    now?: Date;
  },
): Promise<{ id: number }> {
  const parsed = messageReportSchema.safeParse(options.input);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Check the highlighted fields.',
      fieldErrorsOf(parsed.error),
    );
  }
  const notFound = new AppError('NOT_FOUND', 'No such message.');
  if (!Number.isSafeInteger(options.messageId) || options.messageId <= 0) throw notFound;
  const [message] = await db
    .select({ threadId: threadMessages.threadId, senderRole: threadMessages.senderRole })
    .from(threadMessages)
    .where(eq(threadMessages.id, options.messageId));
  if (!message) throw notFound;
  const { thread, role } = await loadThreadFor(db, message.threadId, options.userSub).catch(() => {
    throw notFound;
  });
  if (message.senderRole === role) {
    throw new AppError('BAD_REQUEST', 'You cannot report your own message.');
  }
  const reporterKey = `sub:${options.userSub}`;
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await admitReport(tx, {
      reporterKey,
      sameTarget: eq(listingReports.messageId, options.messageId),
      alreadyReported: 'You have already reported this message; our team is looking at it.',
      perHour: options.limitPerHour ?? 10,
      now,
    });
    const [row] = await tx
      .insert(listingReports)
      .values({
        listingId: thread.listingId,
        messageId: options.messageId,
        reporterKey,
        reason: parsed.data.reason,
        details: parsed.data.details,
        reporterEmail: options.userEmail ?? null,
        createdAt: now,
      })
      .returning({ id: listingReports.id });
    return { id: row!.id };
  });
}
