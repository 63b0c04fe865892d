import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { appealSchema } from '../../../domain/moderation/appeal.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { listings } from '../listings/schema.ts';
import { listingReports } from '../reports/schema.ts';
import { moderationActions, moderationAppeals } from './schema.ts';

/** The queue's reporter key for a lister's appeal, so it lands with the listing's reports. */
export const APPEAL_REPORTER = 'roost:appeal';

/**
 * The lister appeals the moderators' latest decision on their listing: only a pause still in
 * force or a removal, once per decision (a unique key makes that hold under races). The appeal
 * files a report in the reported-ads queue, where a moderator decides it like any other:
 * dismissing the reports upholds the appeal and lets the listing back.
 */
export async function appealModeration(
  db: Database,
  options: { user: SessionUser; listingId: number; input: unknown; now?: Date },
): Promise<{ id: number }> {
  const parsed = appealSchema.safeParse(options.input);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Check the highlighted fields.',
      fieldErrorsOf(parsed.error),
    );
  }
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [listing] = await tx
      .select({ id: listings.id, status: listings.status, deletedAt: listings.deletedAt })
      .from(listings)
      .where(and(eq(listings.id, options.listingId), eq(listings.ownerSub, options.user.userId)))
      .for('update');
    if (!listing) throw new AppError('NOT_FOUND', 'No such listing, or it is not yours.');
    const [latest] = await tx
      .select({ id: moderationActions.id, outcome: moderationActions.outcome })
      .from(moderationActions)
      .where(eq(moderationActions.listingId, listing.id))
      .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
      .limit(1);
    const inForce =
      latest &&
      ((latest.outcome === 'removed' && listing.status === 'removed') ||
        (latest.outcome === 'paused' && listing.status === 'paused' && !listing.deletedAt));
    if (!latest || !inForce) {
      throw new AppError(
        'CONFLICT',
        'Only a listing our moderators have paused or removed can be appealed.',
      );
    }
    // A decision made on an appeal is final: it cannot itself be appealed.
    const [decidedAppeal] = await tx
      .select({ id: moderationAppeals.id })
      .from(moderationAppeals)
      .where(eq(moderationAppeals.decidedByActionId, latest.id));
    if (decidedAppeal) {
      throw new AppError(
        'CONFLICT',
        'You have already appealed, and this decision was made on your appeal.',
      );
    }
    const [appeal] = await tx
      .insert(moderationAppeals)
      .values({
        listingId: listing.id,
        moderationActionId: latest.id,
        listerSub: options.user.userId,
        statement: parsed.data.statement,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: moderationAppeals.id });
    if (!appeal) {
      throw new AppError(
        'CONFLICT',
        'You have already appealed this decision; a moderator will e-mail you the outcome.',
      );
    }
    // An earlier request for review of a paused listing is the same ask: the appeal replaces it.
    await tx
      .insert(listingReports)
      .values({
        listingId: listing.id,
        reporterKey: APPEAL_REPORTER,
        reason: 'other',
        details: parsed.data.statement,
        createdAt: now,
      })
      .onConflictDoNothing();
    return { id: appeal.id };
  });
}

export type AppealState =
  | { status: 'none'; canAppeal: boolean }
  | { status: 'open' | 'upheld' | 'rejected'; canAppeal: false; createdAt: string };
