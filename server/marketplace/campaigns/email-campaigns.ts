import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  campaignInput,
  scheduleInput,
  type CampaignAudience,
} from '../../../domain/campaigns/campaign-inputs.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { jobs } from '../../jobs/schema.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import type { Db } from '../payments/payment-records.ts';
import { assertPaymentsAdmin } from '../payments/require-payments-admin.ts';
import {
  buildCampaignEmail,
  createMarketingUnsubscribeToken,
  renderCampaignHtmlBody,
} from './render-campaign.ts';
import { countAudience } from './campaign-audience.ts';
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

export async function loadCampaign(db: Db, campaignId: number): Promise<EmailCampaign> {
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

export function emailFor(deps: CampaignDeps, campaign: EmailCampaign, userSub: string) {
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
