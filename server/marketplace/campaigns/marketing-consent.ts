import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  consentInput,
  MARKETING_CONSENT_WORDING,
} from '../../../domain/campaigns/campaign-inputs.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { AppError } from '../../http/app-error.ts';
import type { Db } from '../payments/payment-records.ts';
import { readMarketingUnsubscribeToken } from './render-campaign.ts';
import { marketingConsents, type MarketingConsent } from './schema.ts';

export interface ConsentState {
  isGranted: boolean;
  /** When the current choice was made, and the words shown then. */
  at: string | null;
  wording: string | null;
}

/** The person's latest marketing choice (an opt-in or a withdrawal), if they made one. */
export async function latestConsent(
  db: Db,
  userSub: string,
): Promise<MarketingConsent | undefined> {
  const [row] = await db
    .select()
    .from(marketingConsents)
    .where(eq(marketingConsents.userSub, userSub))
    .orderBy(desc(marketingConsents.at), desc(marketingConsents.id))
    .limit(1);
  return row;
}

export async function getMarketingConsent(
  db: Database,
  options: { user: SessionUser | null },
): Promise<ConsentState> {
  if (!options.user) throw new AppError('UNAUTHENTICATED', 'Sign in to see your choices.');
  const row = await latestConsent(db, options.user.userId);
  return {
    isGranted: row?.isGranted ?? false,
    at: row?.at.toISOString() ?? null,
    wording: row?.wording ?? null,
  };
}

/**
 * Records the signed-in user's choice (opt in or withdraw) with the time and exact wording.
 * Opting in needs the e-mail address from the verified ID token (it is where campaigns go).
 */
export async function setMarketingConsent(
  db: Database,
  options: { user: SessionUser | null; input: unknown; source: 'sign-up' | 'account'; now: Date },
): Promise<ConsentState> {
  const user = options.user;
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to change your choices.');
  const parsed = consentInput.safeParse(options.input);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Tick or untick the box.');
  const current = await latestConsent(db, user.userId);
  const isGranted = parsed.data.isGranted;
  if ((current?.isGranted ?? false) === isGranted) {
    return getMarketingConsent(db, { user });
  }
  if (isGranted && !user.email) {
    throw new AppError('CONFLICT', 'Add an e-mail address to your account first.');
  }
  await db.insert(marketingConsents).values({
    userSub: user.userId,
    email: user.email ?? current?.email ?? '',
    isGranted,
    wording: MARKETING_CONSENT_WORDING,
    source: options.source,
    at: options.now,
  });
  return getMarketingConsent(db, { user });
}

export function isMarketingUnsubscribeTokenValid(secret: Buffer | undefined, token: string) {
  return readMarketingUnsubscribeToken(secret, token) !== undefined;
}

/**
 * The link in every campaign e-mail (and mail clients' RFC 8058 one-click POST): withdraws
 * consent without signing in. True if the token was good (withdrawing twice is harmless).
 */
export async function unsubscribeByToken(
  db: Database,
  options: { secret: Buffer | undefined; token: string; now: Date },
): Promise<boolean> {
  const read = readMarketingUnsubscribeToken(options.secret, options.token);
  if (!read) return false;
  await db.transaction(async (tx) => {
    // One person's choices change one at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(7306613, hashtext(${read.userSub}))`);
    const current = await latestConsent(tx, read.userSub);
    if (!current?.isGranted) return;
    await tx.insert(marketingConsents).values({
      userSub: read.userSub,
      email: current.email,
      isGranted: false,
      wording: 'Unsubscribed with the link in a campaign e-mail.',
      source: 'unsubscribe-link',
      campaignId: read.campaignId,
      at: options.now,
    });
  });
  return true;
}
