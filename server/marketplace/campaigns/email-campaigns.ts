import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import {
  campaignInput,
  scheduleInput,
  type CampaignAudience,
} from '../../../domain/campaigns/campaign-inputs.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { defineJob } from '../../jobs/job-queue.ts';
import { jobs } from '../../jobs/schema.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import type { Db } from '../payments/payment-records.ts';
import { assertPaymentsAdmin } from '../payments/require-payments-admin.ts';
import {
  buildCampaignEmail,
  createMarketingUnsubscribeToken,
  renderCampaignHtmlBody,
} from './render-campaign.ts';
import {
  campaignDeliveries,
  emailCampaigns,
  marketingConsents,
  type EmailCampaign,
} from './schema.ts';

export const CAMPAIGN_SEND_JOB = 'campaign-send';

export interface CampaignDeps {
  db: Database;
  publicUrl: () => string;
  secret: Buffer | undefined;
  /** Delivers one campaign e-mail; undefined: not wired (test sends fail). */
  send: () => CampaignSend | undefined;
}

export type CampaignSend = (email: {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}) => Promise<void>;

/** Raw SQL rows (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<Row>(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export interface CampaignSummary {
  id: number;
  subject: string;
  status: EmailCampaign['status'];
  audience: CampaignAudience;
  scheduledAt: string | null;
  finishedAt: string | null;
  ratePerMinute: number;
  createdByEmail: string | null;
  sent: number;
  failed: number;
  unsubscribed: number;
}

function invalid(error: Parameters<typeof fieldErrorsOf>[0]): never {
  throw new AppError('VALIDATION_FAILED', 'Check the highlighted fields.', fieldErrorsOf(error));
}

async function loadCampaign(db: Db, campaignId: number): Promise<EmailCampaign> {
  const [campaign] = await db
    .select()
    .from(emailCampaigns)
    .where(eq(emailCampaigns.id, campaignId));
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign.');
  return campaign;
}

export async function listCampaigns(
  db: Database,
  options: { user: SessionUser | null },
): Promise<CampaignSummary[]> {
  assertPaymentsAdmin(options.user);
  const rows = await db
    .select()
    .from(emailCampaigns)
    .orderBy(desc(emailCampaigns.createdAt), desc(emailCampaigns.id))
    .limit(100);
  const ids = rows.map((row) => row.id);
  const deliveries = ids.length
    ? await db
        .select({
          id: campaignDeliveries.campaignId,
          status: campaignDeliveries.status,
          n: count(),
        })
        .from(campaignDeliveries)
        .where(inArray(campaignDeliveries.campaignId, ids))
        .groupBy(campaignDeliveries.campaignId, campaignDeliveries.status)
    : [];
  const unsubscribes = ids.length
    ? await db
        .select({ id: marketingConsents.campaignId, n: count() })
        .from(marketingConsents)
        .where(inArray(marketingConsents.campaignId, ids))
        .groupBy(marketingConsents.campaignId)
    : [];
  const countOf = (id: number, status: string) =>
    deliveries.find((row) => row.id === id && row.status === status)?.n ?? 0;
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    status: row.status,
    audience: row.audience,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    ratePerMinute: row.ratePerMinute,
    createdByEmail: row.createdByEmail,
    sent: countOf(row.id, 'sent'),
    failed: countOf(row.id, 'failed'),
    unsubscribed: unsubscribes.find((entry) => entry.id === row.id)?.n ?? 0,
  }));
}

/** The campaign and its body rendered as it will be e-mailed (safe HTML), for the preview. */
export async function previewCampaign(
  db: Database,
  options: { user: SessionUser | null; campaignId: number },
) {
  assertPaymentsAdmin(options.user);
  const campaign = await loadCampaign(db, options.campaignId);
  return {
    campaign,
    html: renderCampaignHtmlBody(campaign.bodyMarkdown),
    recipients: await countAudience(db, campaign.audience),
  };
}

export async function createCampaign(
  db: Database,
  options: { user: SessionUser | null; input: unknown },
): Promise<EmailCampaign> {
  const admin = assertPaymentsAdmin(options.user);
  const parsed = campaignInput.safeParse(options.input);
  if (!parsed.success) invalid(parsed.error);
  const input = parsed.data;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(emailCampaigns)
      .values({
        subject: input.subject,
        bodyMarkdown: input.body,
        audience: input.audience,
        ratePerMinute: input.ratePerMinute,
        createdBy: admin.userId,
        createdByEmail: admin.email ?? null,
      })
      .returning();
    await recordAdminAction(tx, {
      admin,
      action: 'campaign.create',
      target: { type: 'campaign', id: row!.id },
      details: { subject: input.subject, audience: input.audience },
    });
    return row!;
  });
}

/** Changes a draft (a scheduled one goes back to draft only by cancelling). */
export async function updateCampaign(
  db: Database,
  options: { user: SessionUser | null; campaignId: number; input: unknown },
): Promise<EmailCampaign> {
  const admin = assertPaymentsAdmin(options.user);
  const parsed = campaignInput.safeParse(options.input);
  if (!parsed.success) invalid(parsed.error);
  const input = parsed.data;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailCampaigns)
      .set({
        subject: input.subject,
        bodyMarkdown: input.body,
        audience: input.audience,
        ratePerMinute: input.ratePerMinute,
      })
      .where(and(eq(emailCampaigns.id, options.campaignId), eq(emailCampaigns.status, 'draft')))
      .returning();
    if (!row) throw new AppError('CONFLICT', 'Only a draft campaign can be changed.');
    await recordAdminAction(tx, {
      admin,
      action: 'campaign.update',
      target: { type: 'campaign', id: row.id },
      details: { subject: input.subject, audience: input.audience },
    });
    return row;
  });
}

function unsubscribeUrl(deps: CampaignDeps, userSub: string, campaignId: number): string {
  if (!deps.secret) throw new Error('Campaign e-mails need the app secret for unsubscribe links');
  const token = createMarketingUnsubscribeToken(deps.secret, userSub, campaignId);
  return `${deps.publicUrl()}/marketing/unsubscribe?token=${token}`;
}

function emailFor(deps: CampaignDeps, campaign: EmailCampaign, userSub: string) {
  return buildCampaignEmail({
    subject: campaign.subject,
    body: campaign.bodyMarkdown,
    unsubscribeUrl: unsubscribeUrl(deps, userSub, campaign.id),
    accountUrl: `${deps.publicUrl()}/my-account/marketing`,
  });
}

/** Sends the campaign to the administrator themself, marked as a test. */
export async function sendCampaignTest(
  deps: CampaignDeps,
  options: { user: SessionUser | null; campaignId: number },
): Promise<{ to: string }> {
  const admin = assertPaymentsAdmin(options.user);
  if (!admin.email) throw new AppError('CONFLICT', 'Your account has no e-mail address.');
  const campaign = await loadCampaign(deps.db, options.campaignId);
  const send = deps.send();
  if (!send) throw new AppError('UNAVAILABLE', 'E-mail is not set up.');
  const email = emailFor(deps, campaign, admin.userId);
  await send({ to: admin.email, ...email, subject: `[Test] ${email.subject}` });
  await recordAdminAction(deps.db, {
    admin,
    action: 'campaign.test-send',
    target: { type: 'campaign', id: campaign.id },
    details: { to: admin.email },
  });
  return { to: admin.email };
}

/** Schedules a draft for a time (or now): the first batch is queued for then. */
export async function scheduleCampaign(
  db: Database,
  options: { user: SessionUser | null; input: unknown; now: Date },
): Promise<EmailCampaign> {
  const admin = assertPaymentsAdmin(options.user);
  const parsed = scheduleInput.safeParse(options.input);
  if (!parsed.success) invalid(parsed.error);
  const sendAt =
    parsed.data.sendAt && parsed.data.sendAt > options.now ? parsed.data.sendAt : options.now;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailCampaigns)
      .set({ status: 'scheduled', scheduledAt: sendAt })
      .where(and(eq(emailCampaigns.id, parsed.data.campaignId), eq(emailCampaigns.status, 'draft')))
      .returning();
    if (!row) throw new AppError('CONFLICT', 'Only a draft campaign can be scheduled.');
    await tx
      .insert(jobs)
      .values({
        name: CAMPAIGN_SEND_JOB,
        payload: { campaignId: row.id },
        runAt: sendAt,
        dedupeKey: `${CAMPAIGN_SEND_JOB}:${row.id}:${sendAt.getTime()}`,
        maxAttempts: 5,
      })
      .onConflictDoNothing({ target: jobs.dedupeKey });
    await recordAdminAction(tx, {
      admin,
      action: 'campaign.schedule',
      target: { type: 'campaign', id: row.id },
      details: { sendAt: sendAt.toISOString(), audience: row.audience },
    });
    return row;
  });
}

/** Stops a scheduled or sending campaign; what was sent stays sent. */
export async function cancelCampaign(
  db: Database,
  options: { user: SessionUser | null; campaignId: number; reason?: string },
): Promise<EmailCampaign> {
  const admin = assertPaymentsAdmin(options.user);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailCampaigns)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(emailCampaigns.id, options.campaignId),
          inArray(emailCampaigns.status, ['draft', 'scheduled', 'sending']),
        ),
      )
      .returning();
    if (!row) throw new AppError('CONFLICT', 'This campaign can no longer be cancelled.');
    await recordAdminAction(tx, {
      admin,
      action: 'campaign.cancel',
      target: { type: 'campaign', id: row.id },
      reason: options.reason ?? '',
    });
    return row;
  });
}

/**
 * People in the audience who consent now (their latest choice is an opt-in) and have no delivery
 * row for the campaign yet, up to `limit`.
 */
function audienceSql(audience: CampaignAudience) {
  if (audience.kind === 'all') return sql`true`;
  const place = audience.place ? sql`and s.place_slug = ${audience.place}` : sql``;
  return sql`exists (select 1 from market.saved_searches s where s.owner_sub = c.user_sub and s.channel = ${audience.channel} ${place})`;
}

const CONSENTING = sql`(select distinct on (user_sub) user_sub, email, is_granted from market.marketing_consents order by user_sub, at desc, id desc) c`;

async function nextRecipients(db: Db, campaign: EmailCampaign, limit: number) {
  return rowsOf<{ user_sub: string; email: string }>(
    db,
    sql`
    select c.user_sub, c.email from ${CONSENTING}
    where c.is_granted and ${audienceSql(campaign.audience)}
      and not exists (select 1 from market.campaign_deliveries d
                      where d.campaign_id = ${campaign.id} and d.recipient_sub = c.user_sub)
    order by c.user_sub
    limit ${limit}`,
  );
}

async function countAudience(db: Db, audience: CampaignAudience): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`
    select count(*) as n from ${CONSENTING} where c.is_granted and ${audienceSql(audience)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * One batch of a campaign: at most `ratePerMinute` e-mails, then the next batch a minute later.
 * Each recipient's delivery row is written (and committed) before their e-mail goes, and the
 * unique (campaign, recipient) key means no one is ever picked twice, even if a worker dies
 * after writing the row: such a row stays 'sending' and is never retried. Consent is checked
 * again just before each e-mail, so a withdrawal during sending is honoured.
 */
export async function sendCampaignBatch(
  deps: CampaignDeps,
  options: { campaignId: number; now: () => Date },
): Promise<{ sent: number; failed: number; isDone: boolean }> {
  const { db } = deps;
  const campaign = await loadCampaign(db, options.campaignId);
  if (campaign.status !== 'scheduled' && campaign.status !== 'sending') {
    return { sent: 0, failed: 0, isDone: true };
  }
  if (campaign.status === 'scheduled') {
    await db
      .update(emailCampaigns)
      .set({ status: 'sending' })
      .where(and(eq(emailCampaigns.id, campaign.id), eq(emailCampaigns.status, 'scheduled')));
  }
  const send = deps.send();
  if (!send) throw new Error('Campaign e-mail is not wired');
  const recipients = await nextRecipients(db, campaign, campaign.ratePerMinute);
  let sent = 0;
  let failed = 0;
  for (const recipient of recipients) {
    const claimed = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(campaignDeliveries)
        .values({
          campaignId: campaign.id,
          recipientSub: recipient.user_sub,
          email: recipient.email,
        })
        .onConflictDoNothing()
        .returning({ sub: campaignDeliveries.recipientSub });
      return row !== undefined;
    });
    if (!claimed) continue;
    const [stillConsenting] = await rowsOf<{ is_granted: boolean }>(
      db,
      sql`
      select is_granted from market.marketing_consents where user_sub = ${recipient.user_sub}
      order by at desc, id desc limit 1`,
    );
    if (!stillConsenting?.is_granted) {
      await db
        .update(campaignDeliveries)
        .set({ status: 'failed', error: 'consent withdrawn before sending' })
        .where(deliveryOf(campaign.id, recipient.user_sub));
      continue;
    }
    try {
      await send({ to: recipient.email, ...emailFor(deps, campaign, recipient.user_sub) });
      sent += 1;
      await db
        .update(campaignDeliveries)
        .set({ status: 'sent', sentAt: options.now() })
        .where(deliveryOf(campaign.id, recipient.user_sub));
    } catch (error) {
      failed += 1;
      await db
        .update(campaignDeliveries)
        .set({
          status: 'failed',
          error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        })
        .where(deliveryOf(campaign.id, recipient.user_sub));
    }
  }
  const isDone = recipients.length < campaign.ratePerMinute;
  if (isDone) {
    await db
      .update(emailCampaigns)
      .set({ status: 'sent', finishedAt: options.now() })
      .where(and(eq(emailCampaigns.id, campaign.id), eq(emailCampaigns.status, 'sending')));
  } else {
    const runAt = new Date(options.now().getTime() + 60_000);
    await db
      .insert(jobs)
      .values({
        name: CAMPAIGN_SEND_JOB,
        payload: { campaignId: campaign.id },
        runAt,
        dedupeKey: `${CAMPAIGN_SEND_JOB}:${campaign.id}:${runAt.getTime()}`,
        maxAttempts: 5,
      })
      .onConflictDoNothing({ target: jobs.dedupeKey });
  }
  return { sent, failed, isDone };
}

function deliveryOf(campaignId: number, recipientSub: string) {
  return and(
    eq(campaignDeliveries.campaignId, campaignId),
    eq(campaignDeliveries.recipientSub, recipientSub),
  );
}

export function createCampaignSendJob(deps: CampaignDeps) {
  return defineJob({
    name: CAMPAIGN_SEND_JOB,
    payload: z.object({ campaignId: z.number().int().positive() }),
    maxAttempts: 5,
    async run({ campaignId }, { logger }) {
      const result = await sendCampaignBatch(deps, { campaignId, now: () => new Date() });
      logger.info({ campaignId, ...result }, 'campaign batch sent');
    },
  });
}
