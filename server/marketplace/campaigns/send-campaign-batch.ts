import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.ts';
import { jobs } from '../../jobs/schema.ts';
import type { Db } from '../payments/payment-records.ts';
import { nextRecipients, rowsOf } from './campaign-audience.ts';
import {
  CAMPAIGN_SEND_JOB,
  emailFor,
  loadCampaign,
  type CampaignDeps,
  type CampaignSend,
} from './email-campaigns.ts';
import { campaignDeliveries, emailCampaigns, type EmailCampaign } from './schema.ts';

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
    const outcome = await deliverTo(deps, send, { campaign, recipient, now: options.now });
    if (outcome === 'sent') sent += 1;
    if (outcome === 'failed') failed += 1;
  }
  const isDone = recipients.length < campaign.ratePerMinute;
  if (isDone) {
    await db
      .update(emailCampaigns)
      .set({ status: 'sent', finishedAt: options.now() })
      .where(and(eq(emailCampaigns.id, campaign.id), eq(emailCampaigns.status, 'sending')));
  } else {
    await scheduleNextBatch(db, campaign.id, options.now());
  }
  return { sent, failed, isDone };
}

/**
 * Claims the recipient's delivery row, checks their consent again and sends; 'skipped' when
 * another worker claimed them first or they withdrew consent (their row then says so).
 */
async function deliverTo(
  deps: CampaignDeps,
  send: CampaignSend,
  {
    campaign,
    recipient,
    now,
  }: { campaign: EmailCampaign; recipient: { user_sub: string; email: string }; now: () => Date },
): Promise<'sent' | 'failed' | 'skipped'> {
  const { db } = deps;
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
  if (!claimed) return 'skipped';
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
    return 'skipped';
  }
  try {
    await send({ to: recipient.email, ...emailFor(deps, campaign, recipient.user_sub) });
    await db
      .update(campaignDeliveries)
      .set({ status: 'sent', sentAt: now() })
      .where(deliveryOf(campaign.id, recipient.user_sub));
    return 'sent';
  } catch (error) {
    await db
      .update(campaignDeliveries)
      .set({
        status: 'failed',
        error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      })
      .where(deliveryOf(campaign.id, recipient.user_sub));
    return 'failed';
  }
}

/** The campaign's next batch, a minute from now (deduplicated, so a retry adds none). */
async function scheduleNextBatch(db: Db, campaignId: number, now: Date): Promise<void> {
  const runAt = new Date(now.getTime() + 60_000);
  await db
    .insert(jobs)
    .values({
      name: CAMPAIGN_SEND_JOB,
      payload: { campaignId },
      runAt,
      dedupeKey: `${CAMPAIGN_SEND_JOB}:${campaignId}:${runAt.getTime()}`,
      maxAttempts: 5,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
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
