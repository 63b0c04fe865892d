import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { listingPath } from '../../../domain/listing/listing-url.ts';
import {
  moderationDecisionSchema,
  type ModerationDecision,
} from '../../../domain/moderation/moderation-decision.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { endUpgradesForListing } from '../payments/end-upgrades.ts';
import { AppError } from '../../http/app-error.ts';
import type { Logger } from '../../logger.ts';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { SendEmail } from '../enquiries/submit-enquiry.ts';
import { listings } from '../listings/schema.ts';
import { listingReports } from '../reports/schema.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import { isHeldByModeration } from './moderation-hold.ts';
import { assertAdmin } from './require-admin.ts';
import { moderationActions, type ModerationOutcome } from './schema.ts';

export interface ModerationSettings {
  send: SendEmail | undefined;
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
  /** The listing had been paused by moderators and is live again. */
  isRelisted: boolean;
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

  const result = await db.transaction(async (tx) => {
    // The row lock makes two administrators deciding at once take turns: the second finds
    // no open reports left and is told so.
    const [listing] = await tx
      .select()
      .from(listings)
      .where(eq(listings.id, options.listingId))
      .for('update');
    if (!listing) throw new AppError('NOT_FOUND', 'No such listing.');
    const open = await tx
      .select({ id: listingReports.id })
      .from(listingReports)
      .where(and(eq(listingReports.listingId, listing.id), eq(listingReports.status, 'open')));
    if (open.length === 0) {
      throw new AppError(
        'CONFLICT',
        'This listing has no open reports; another administrator may have dealt with them.',
      );
    }
    if (decision === 'pause' && (listing.status === 'removed' || listing.deletedAt)) {
      throw new AppError(
        'CONFLICT',
        'This listing is already off Roost; remove or dismiss instead.',
      );
    }
    // Dismissing the reports on a listing moderators had paused lets it back on Roost (its
    // lister asked for that check); pausing it again keeps it off, with a new reason.
    const isRelisted =
      decision === 'dismiss' &&
      listing.status === 'paused' &&
      !listing.deletedAt &&
      (await isHeldByModeration(tx as unknown as Database, listing.id));
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
      details: { outcome, reportsClosed: open.length, moderationActionId: action!.id },
      at: now,
    });
    await tx
      .update(listingReports)
      .set({
        status: decision === 'dismiss' ? 'dismissed' : 'upheld',
        resolvedAt: now,
        moderationActionId: action!.id,
      })
      .where(and(eq(listingReports.listingId, listing.id), eq(listingReports.status, 'open')));
    if (decision === 'pause') {
      await tx
        .update(listings)
        .set({ status: 'paused', statusChangedAt: now })
        .where(eq(listings.id, listing.id));
    } else if (isRelisted) {
      await tx
        .update(listings)
        .set({ status: 'active', statusChangedAt: now, confirmedAt: now, confirmRequestedAt: null })
        .where(eq(listings.id, listing.id));
    } else if (decision === 'remove') {
      // Not a lister's soft delete: nothing to restore, and kept (not purged) for the record.
      await tx
        .update(listings)
        .set({ status: 'removed', statusChangedAt: now, deletedAt: null })
        .where(eq(listings.id, listing.id));
    }
    return { listing, actionId: action!.id, reportsClosed: open.length, isRelisted };
  });

  // Paused or removed by moderators: the listing's paid upgrades end (refundable unused part).
  if (decision !== 'dismiss')
    await endUpgradesForListing(db, { listingId: result.listing.id, now });

  let isListerEmailed = false;
  const { listing, isRelisted } = result;
  const email = isRelisted ? 'relist' : decision === 'dismiss' ? null : decision;
  if (email) {
    if (!settings.send || !listing.contactEmail) {
      settings.logger.warn(
        { actionId: result.actionId },
        'moderation recorded; lister not e-mailed (no delivery or address)',
      );
    } else {
      try {
        await settings.send(moderationEmail(settings.publicUrl, listing, email, reason));
        await db
          .update(moderationActions)
          .set({ emailedAt: sql`now()` })
          .where(eq(moderationActions.id, result.actionId));
        isListerEmailed = true;
      } catch (error) {
        settings.logger.error(
          { err: error, actionId: result.actionId },
          'moderation recorded but the lister was not e-mailed',
        );
      }
    }
  }
  return {
    actionId: result.actionId,
    outcome,
    reportsClosed: result.reportsClosed,
    isListerEmailed,
    isRelisted,
  };
}

function moderationEmail(
  publicUrl: string,
  listing: typeof listings.$inferSelect,
  decision: 'pause' | 'remove' | 'relist',
  reason: string,
) {
  const view = `${publicUrl}${listingPath(listing)}`;
  if (decision === 'relist') {
    const headline = `Thank you for your changes: our moderators have checked "${listing.title}" and it is back on Roost.`;
    const note = reason ? ['', 'Their note:', reason] : [];
    return {
      to: listing.contactEmail!,
      subject: `Your listing "${listing.title}" is live again`,
      text: [headline, `Listing: ${view}`, ...note].join('\n'),
      html: [
        `<p>${escapeHtml(headline)}</p>`,
        `<p>Listing: <a href="${escapeHtml(view)}">${escapeHtml(listing.title)}</a></p>`,
        ...(reason
          ? [
              '<p><strong>Their note:</strong></p>',
              `<p style="white-space:pre-wrap">${escapeHtml(reason)}</p>`,
            ]
          : []),
      ].join('\n'),
    };
  }
  const manage = `${publicUrl}/my-account/listings/${listing.id}`;
  const contact = `${publicUrl}/contact-us`;
  const paused = decision === 'pause';
  const headline = paused
    ? `We have paused your listing "${listing.title}" after reports from visitors.`
    : `We have removed your listing "${listing.title}" from Roost after reports from visitors.`;
  const next = paused
    ? `Please make the changes, then set it back to "Available" in your account: our moderators will check it before it goes live again: ${manage}`
    : `It can no longer be viewed or restored. If you think this is a mistake, contact us: ${contact}`;
  return {
    to: listing.contactEmail!,
    subject: paused
      ? `Your listing "${listing.title}" has been paused`
      : `Your listing "${listing.title}" has been removed`,
    text: [headline, `Listing: ${view}`, '', 'Our reason:', reason, '', next].join('\n'),
    html: [
      `<p>${escapeHtml(headline)}</p>`,
      `<p>Listing: <a href="${escapeHtml(view)}">${escapeHtml(listing.title)}</a></p>`,
      '<p><strong>Our reason:</strong></p>',
      `<p style="white-space:pre-wrap">${escapeHtml(reason)}</p>`,
      paused
        ? `<p>Please make the changes, then set it back to "Available" <a href="${escapeHtml(manage)}">in your account</a>: our moderators will check it before it goes live again.</p>`
        : `<p>It can no longer be viewed or restored. If you think this is a mistake, <a href="${escapeHtml(contact)}">contact us</a>.</p>`,
    ].join('\n'),
  };
}
