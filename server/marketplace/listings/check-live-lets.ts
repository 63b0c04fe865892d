import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { formatDate } from '../../../domain/format.ts';
import { letRuleIssues } from '../../../domain/lettings/check-let.ts';
import { PUBLIC_STATUSES } from '../../../domain/listing/enums.ts';
import { unlawfulWordingReason } from '../../../domain/text.ts';
import { defineJob } from '../../jobs/job-queue.ts';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { SendEmail } from '../enquiries/submit-enquiry.ts';
import { endUpgradesForListing } from '../payments/end-upgrades.ts';
import { letContextFor, type LetRulesSettings } from './let-context.ts';
import { listings } from './schema.ts';

/** How long a lister has to fix a live let found breaking its nation's rules. */
export const LET_RULES_GRACE_MS = 14 * 86_400_000;

export interface LiveLetsResult {
  found: number;
  cleared: number;
  paused: number;
}

type LiveLet = Awaited<ReturnType<typeof liveLets>>[number];

function liveLets(db: Database) {
  return db
    .select({
      id: listings.id,
      status: listings.status,
      title: listings.title,
      description: listings.description,
      keyFeatures: listings.keyFeatures,
      price: listings.price,
      rentPeriod: listings.rentPeriod,
      deposit: listings.deposit,
      holdingDeposit: listings.holdingDeposit,
      registrationNumber: listings.registrationNumber,
      postcode: listings.postcode,
      contactEmail: listings.contactEmail,
      letRuleIssues: listings.letRuleIssues,
      letRulesDueAt: listings.letRulesDueAt,
    })
    .from(listings)
    .where(
      and(
        eq(listings.channel, 'rent'),
        isNull(listings.deletedAt),
        inArray(listings.status, [...PUBLIC_STATUSES]),
      ),
    );
}

/** What a live let breaks today: its nation's let rules, and the wording every advert must avoid. */
export function issuesOf(row: LiveLet, settings: LetRulesSettings, now: Date) {
  const issues = letRuleIssues(
    { ...row, registrationNumber: row.registrationNumber ?? '' },
    letContextFor(row.postcode, settings, now),
  );
  for (const [field, text] of [
    ['title', row.title],
    ['description', row.description],
    ['keyFeatures', row.keyFeatures.join('\n')],
  ] as const) {
    const reason = unlawfulWordingReason(text);
    if (reason) issues[field] ??= reason;
  }
  return issues;
}

const listOf = (issues: Record<string, string>) => Object.values(issues);

/**
 * Checks every live let against the rules of its nation. A let that breaks one stays live and its
 * lister is e-mailed once, with 14 days to fix it (a banner on /my-account says the same); after
 * that it is paused with the reasons kept on the row. A let that passes again is cleared. Each
 * change is a conditional update, so two instances never e-mail or pause twice.
 */
export async function checkLiveLets(
  db: Database,
  options: { send: SendEmail | undefined; publicUrl: string; now?: Date } & LetRulesSettings,
): Promise<LiveLetsResult> {
  const now = options.now ?? new Date();
  const result: LiveLetsResult = { found: 0, cleared: 0, paused: 0 };
  for (const row of await liveLets(db)) {
    const issues = issuesOf(row, options, now);
    const isBroken = Object.keys(issues).length > 0;
    if (!isBroken) {
      if (row.letRuleIssues || row.letRulesDueAt) {
        await db
          .update(listings)
          .set({ letRuleIssues: null, letRulesDueAt: null })
          .where(eq(listings.id, row.id));
        result.cleared += 1;
      }
    } else if (!row.letRulesDueAt) {
      const dueAt = new Date(now.getTime() + LET_RULES_GRACE_MS);
      const [marked] = await db
        .update(listings)
        .set({ letRuleIssues: issues, letRulesDueAt: dueAt })
        .where(and(eq(listings.id, row.id), isNull(listings.letRulesDueAt)))
        .returning({ id: listings.id });
      if (marked) {
        result.found += 1;
        await tellLister(options, row, issues, { dueAt });
      }
    } else if (row.letRulesDueAt <= now) {
      const [paused] = await db
        .update(listings)
        .set({ status: 'paused', statusChangedAt: now, letRuleIssues: issues })
        .where(and(eq(listings.id, row.id), sql`${listings.status} <> 'paused'`))
        .returning({ id: listings.id });
      if (paused) {
        result.paused += 1;
        await endUpgradesForListing(db, { listingId: row.id, now });
        await tellLister(options, row, issues, { dueAt: null });
      }
    } else {
      await db.update(listings).set({ letRuleIssues: issues }).where(eq(listings.id, row.id));
    }
  }
  return result;
}

async function tellLister(
  options: { send: SendEmail | undefined; publicUrl: string },
  row: LiveLet,
  issues: Record<string, string>,
  { dueAt }: { dueAt: Date | null },
) {
  if (!row.contactEmail) return;
  const manage = `${options.publicUrl}/my-account/listings/${row.id}`;
  const lead = dueAt
    ? `Your Roost let "${row.title}" breaks the letting rules of its nation. It stays live, but please edit it by ${formatDate(dueAt.toISOString())}; after that we will pause it.`
    : `We have paused your Roost let "${row.title}" because it still breaks the letting rules of its nation. Edit it and set it available again.`;
  const reasons = listOf(issues);
  await options.send?.({
    to: row.contactEmail,
    subject: dueAt
      ? `Please update "${row.title}" within 14 days`
      : `"${row.title}" is paused until it is updated`,
    text: `${lead}\n\n${reasons.map((reason) => `- ${reason}`).join('\n')}\n\nEdit it: ${manage}`,
    html: `<p>${escapeHtml(lead)}</p><ul>${reasons.map((reason) => `<li>${escapeHtml(reason)}</li>`).join('')}</ul><p><a href="${escapeHtml(manage)}">Edit it in your account</a></p>`,
  });
}

/** The durable job: daily, once across all instances (the queue deduplicates the schedule). */
export function createLiveLetsCheckJob(options: {
  db: Database;
  send: () => SendEmail | undefined;
  publicUrl: () => string;
  settings: LetRulesSettings;
}) {
  return defineJob({
    name: 'listings.check-let-rules',
    payload: z.object({}),
    everyMs: 24 * 60 * 60 * 1000,
    async run(_payload, { logger }) {
      const result = await checkLiveLets(options.db, {
        send: options.send(),
        publicUrl: options.publicUrl(),
        ...options.settings,
      });
      logger.info(result, 'live lets checked against their nation rules');
    },
  });
}
