import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import {
  moderationDecisionSchema,
  type ModerationDecision,
} from '../../../domain/moderation/moderation-decision.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { alignUpgradesWithListing } from '../payments/end-upgrades.ts';
import { AppError } from '../../http/app-error.ts';
import type { Logger } from '../../logger.ts';
import type { SendEmail } from '../enquiries/submit-enquiry.ts';
import { listings } from '../listings/schema.ts';
import { listingReports } from '../reports/schema.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import { moderationEmail, reportOutcomeEmail } from './moderation-emails.ts';
import { isHeldByModeration } from './moderation-hold.ts';
import { recordRepostFingerprint } from './repost-fingerprints.ts';
import { assertAdmin } from './require-admin.ts';
import { moderationActions, moderationAppeals, type ModerationOutcome } from './schema.ts';

export interface ModerationSettings {
  send: SendEmail | undefined;
  /** Tells reporters the outcome; undefined: nobody is told (no delivery configured). */
  sendToReporter?: SendEmail | undefined;
  publicUrl: string;
  logger: Logger;
}

const OUTCOME: Record<ModerationDecision, ModerationOutcome> = {
  dismiss: 'dismissed',
  pause: 'paused',
  remove: 'removed',
};

export interface ModerationResult {
  actionId: number;
  outcome: ModerationOutcome;
  reportsClosed: number;
  isListerEmailed: boolean;
  /** The listing had been paused or removed by moderators and is live again. */
  isRelisted: boolean;
  /** How many reporters were e-mailed the outcome. */
  reportersTold: number;
}

/**
 * An administrator's decision on a listing's open reports: dismiss them, pause the listing
 * until the lister changes it, or remove it (its page answers 410; the lister cannot restore
 * it). The decision is recorded (who, when, outcome, reason), every open report on the listing
 * is closed with it — so its reporters may report it again later — and, when the listing is
 * paused or removed, the lister is e-mailed the reason.
 */
export async function moderateListing(
  db: Database,
  settings: ModerationSettings,
  options: { admin: SessionUser | null; listingId: number; input: unknown; now?: Date },
): Promise<ModerationResult> {
  const admin = assertAdmin(options.admin);
  const parsed = moderationDecisionSchema.safeParse(options.input);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Check the highlighted fields.',
      fieldErrorsOf(parsed.error),
    );
  }
  const { decision, reason } = parsed.data;
  const outcome = OUTCOME[decision];
  const now = options.now ?? new Date();

  const result = await db.transaction((tx) =>
    recordDecision(tx as unknown as Database, {
      admin,
      listingId: options.listingId,
      decision,
      reason,
      now,
    }),
  );

  // Paused or removed by moderators: the listing's paid upgrades end (refundable unused part);
  // relisted: the days they had left resume.
  if (decision !== 'dismiss')
    await alignUpgradesWithListing(db, { listingId: result.listing.id, now });

  const { isRelisted } = result;
  const reportersTold = await tellReporters(settings, result, outcome);
  const isListerEmailed = await emailLister(db, settings, result, decision, reason);
  return {
    actionId: result.actionId,
    outcome,
    reportsClosed: result.reportsClosed,
    isListerEmailed,
    isRelisted,
    reportersTold,
  };
}

type Decided = Awaited<ReturnType<typeof recordDecision>>;

/**
 * The decision in the database: recorded and audited, the open reports and any open appeal
 * closed with it, the listing paused, removed or relisted, and its fingerprint kept.
 */
async function recordDecision(
  tx: Database,
  {
    admin,
    listingId,
    decision,
    reason,
    now,
  }: {
    admin: ReturnType<typeof assertAdmin>;
    listingId: number;
    decision: ModerationDecision;
    reason: string;
    now: Date;
  },
) {
  const outcome = OUTCOME[decision];
  const { listing, open } = await lockListingWithReports(tx, listingId, decision);
  // Dismissing the reports on a listing moderators had paused lets it back on Roost (its
  // lister asked for that check); pausing it again keeps it off, with a new reason.
  const [appeal] = await tx
    .select({ id: moderationAppeals.id })
    .from(moderationAppeals)
    .where(and(eq(moderationAppeals.listingId, listing.id), eq(moderationAppeals.status, 'open')));
  // Dismissing also upholds the lister's appeal, which lets back a removed listing too.
  const isRelisted =
    decision === 'dismiss' &&
    ((listing.status === 'paused' &&
      !listing.deletedAt &&
      (await isHeldByModeration(tx, listing.id))) ||
      (listing.status === 'removed' && appeal !== undefined));
  const [action] = await tx
    .insert(moderationActions)
    .values({
      listingId: listing.id,
      adminSub: admin.userId,
      adminEmail: admin.email ?? null,
      outcome,
      reason,
      reportsClosed: open.length,
      createdAt: now,
    })
    .returning({ id: moderationActions.id });
  await recordAdminAction(tx, {
    admin,
    action: 'moderation.decide',
    target: { type: 'listing', id: listing.id },
    reason,
    details: {
      outcome,
      reportsClosed: open.length,
      moderationActionId: action!.id,
      ...(appeal ? { appealId: appeal.id, appeal: isRelisted ? 'upheld' : 'rejected' } : {}),
    },
    at: now,
  });
  await closeAppealAndReports(tx, {
    listingId: listing.id,
    appealId: appeal?.id,
    decision,
    actionId: action!.id,
    now,
  });
  await applyToListing(tx, { listingId: listing.id, decision, isRelisted, now });
  // What it looked like is kept for a year, so a repost by anyone is held for review.
  if (decision !== 'dismiss') {
    await recordRepostFingerprint(tx, listing.id, now);
  }
  return {
    listing,
    actionId: action!.id,
    reportsClosed: open.length,
    isRelisted,
    isAppeal: appeal !== undefined,
    reporterEmails: reporterEmailsOf(open),
  };
}

/** The listing's open appeal and open reports, closed by the decision's action. */
async function closeAppealAndReports(
  tx: Database,
  {
    listingId,
    appealId,
    decision,
    actionId,
    now,
  }: {
    listingId: number;
    appealId: number | undefined;
    decision: ModerationDecision;
    actionId: number;
    now: Date;
  },
) {
  if (appealId !== undefined) {
    await tx
      .update(moderationAppeals)
      .set({
        status: decision === 'dismiss' ? 'upheld' : 'rejected',
        decidedByActionId: actionId,
        decidedAt: now,
      })
      .where(eq(moderationAppeals.id, appealId));
  }
  await tx
    .update(listingReports)
    .set({
      status: decision === 'dismiss' ? 'dismissed' : 'upheld',
      resolvedAt: now,
      moderationActionId: actionId,
    })
    .where(and(eq(listingReports.listingId, listingId), eq(listingReports.status, 'open')));
}

/** The reporters to tell the outcome: people who left an address, not Roost's own entries. */
function reporterEmailsOf(open: { reporterKey: string; reporterEmail: string | null }[]) {
  return [
    ...new Set(
      open
        .filter((report) => !report.reporterKey.startsWith('roost:') && report.reporterEmail)
        .map((report) => report.reporterEmail!.toLowerCase()),
    ),
  ];
}

/** The listing, locked, and its open reports; refused when there is nothing to decide. */
async function lockListingWithReports(
  tx: Database,
  listingId: number,
  decision: ModerationDecision,
) {
  // The row lock makes two administrators deciding at once take turns: the second finds
  // no open reports left and is told so.
  const [listing] = await tx
    .select()
    .from(listings)
    .where(eq(listings.id, listingId))
    .for('update');
  if (!listing) throw new AppError('NOT_FOUND', 'No such listing.');
  const open = await tx
    .select({
      id: listingReports.id,
      reporterKey: listingReports.reporterKey,
      reporterEmail: listingReports.reporterEmail,
    })
    .from(listingReports)
    .where(and(eq(listingReports.listingId, listing.id), eq(listingReports.status, 'open')));
  if (open.length === 0) {
    throw new AppError(
      'CONFLICT',
      'This listing has no open reports; another administrator may have dealt with them.',
    );
  }
  if (decision === 'pause' && (listing.status === 'removed' || listing.deletedAt)) {
    throw new AppError('CONFLICT', 'This listing is already off Roost; remove or dismiss instead.');
  }
  return { listing, open };
}

/** Paused, relisted or removed as decided; dismissing a live listing leaves it as it is. */
async function applyToListing(
  tx: Database,
  {
    listingId,
    decision,
    isRelisted,
    now,
  }: { listingId: number; decision: ModerationDecision; isRelisted: boolean; now: Date },
) {
  if (decision === 'pause') {
    await tx
      .update(listings)
      .set({ status: 'paused', statusChangedAt: now })
      .where(eq(listings.id, listingId));
  } else if (isRelisted) {
    await tx
      .update(listings)
      .set({
        status: 'active',
        statusChangedAt: now,
        confirmedAt: now,
        confirmRequestedAt: null,
        deletedAt: null,
      })
      .where(eq(listings.id, listingId));
  } else if (decision === 'remove') {
    // Not a lister's soft delete: nothing to restore, and kept (not purged) for the record.
    await tx
      .update(listings)
      .set({ status: 'removed', statusChangedAt: now, deletedAt: null })
      .where(eq(listings.id, listingId));
  }
}

/** Tells the lister why their listing was paused, removed or relisted; whether it went. */
async function emailLister(
  db: Database,
  settings: ModerationSettings,
  result: Decided,
  decision: ModerationDecision,
  reason: string,
): Promise<boolean> {
  const { listing, isRelisted, isAppeal } = result;
  const email = isRelisted ? 'relist' : decision === 'dismiss' ? null : decision;
  if (email) {
    if (!settings.send || !listing.contactEmail) {
      settings.logger.warn(
        { actionId: result.actionId },
        'moderation recorded; lister not e-mailed (no delivery or address)',
      );
    } else {
      try {
        await settings.send(moderationEmail(settings.publicUrl, listing, email, reason, isAppeal));
        await db
          .update(moderationActions)
          .set({ emailedAt: sql`now()` })
          .where(eq(moderationActions.id, result.actionId));
        return true;
      } catch (error) {
        settings.logger.error(
          { err: error, actionId: result.actionId },
          'moderation recorded but the lister was not e-mailed',
        );
      }
    }
  }
  return false;
}

/**
 * Online Safety Act: everyone who reported the listing (and left an address) is told what was
 * decided. Best effort after the decision is saved: a failed e-mail is logged, not retried.
 */
async function tellReporters(
  settings: ModerationSettings,
  result: { actionId: number; reporterEmails: string[]; listing: typeof listings.$inferSelect },
  outcome: ModerationOutcome,
): Promise<number> {
  const send = settings.sendToReporter;
  if (!send || result.reporterEmails.length === 0) return 0;
  let told = 0;
  for (const to of result.reporterEmails) {
    try {
      await send(reportOutcomeEmail(to, result.listing.title, outcome));
      told += 1;
    } catch (error) {
      settings.logger.error(
        { err: error, actionId: result.actionId },
        'moderation recorded but a reporter was not told the outcome',
      );
    }
  }
  return told;
}
