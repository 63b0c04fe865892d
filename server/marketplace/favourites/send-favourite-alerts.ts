import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { FavouriteAlertChoice } from '../../../domain/favourites/favourite-alerts.ts';
import type { Database } from '../../../db/client.ts';
import { defineJob } from '../../jobs/job-queue.ts';
import type { Message } from '../../mail/mailer.ts';
import { listings } from '../listings/schema.ts';
import { detectFavouriteChanges } from './detect-favourite-changes.ts';
import { favouriteAlertEmail, type FavouriteChange } from './favourite-alert-email.ts';
import { settingsOf } from './favourite-alert-settings.ts';
import { favouriteAlertEvents, favouriteAlertSettings, favourites } from './schema.ts';

/** A daily summary goes once its oldest change has waited this long (a day, give or take a run). */
export const DIGEST_WAIT_MS = 24 * 3_600_000 - 5 * 60_000;

export interface FavouriteAlertDeps {
  db: Database;
  send: (message: Message) => Promise<void>;
  publicUrl: () => string;
  secret: Buffer;
}

type Pending = FavouriteChange & { id: number; detectedAt: Date; isSaved: boolean };

async function pendingChanges(db: Database, userSub: string): Promise<Pending[]> {
  const rows = await db
    .select({
      id: favouriteAlertEvents.id,
      kind: favouriteAlertEvents.kind,
      event: favouriteAlertEvents.event,
      priceBefore: favouriteAlertEvents.priceBefore,
      priceAfter: favouriteAlertEvents.priceAfter,
      detectedAt: favouriteAlertEvents.detectedAt,
      savedAt: favourites.createdAt,
      listing: {
        id: listings.id,
        title: listings.title,
        addressLine1: listings.addressLine1,
        town: listings.town,
        channel: listings.channel,
        rentPeriod: listings.rentPeriod,
        bedrooms: listings.bedrooms,
        propertyType: listings.propertyType,
      },
    })
    .from(favouriteAlertEvents)
    .innerJoin(listings, eq(listings.id, favouriteAlertEvents.listingId))
    .leftJoin(
      favourites,
      and(
        eq(favourites.userSub, favouriteAlertEvents.userSub),
        eq(favourites.listingId, favouriteAlertEvents.listingId),
      ),
    )
    .where(and(eq(favouriteAlertEvents.userSub, userSub), isNull(favouriteAlertEvents.sentAt)))
    .orderBy(asc(favouriteAlertEvents.eventAt), asc(favouriteAlertEvents.id));
  return rows.map(({ savedAt, ...row }) => ({ ...row, isSaved: savedAt !== null }));
}

/**
 * Marks the changes sent and, in the same transaction, sends them: a failed send marks nothing
 * (tried again next run), and a change another instance has already claimed is left out.
 */
async function claimAndSend(
  deps: FavouriteAlertDeps,
  changes: readonly Pending[],
  mail: ((claimed: Pending[]) => Message) | null,
  now: Date,
): Promise<number> {
  if (changes.length === 0) return 0;
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(favouriteAlertEvents)
      .set({ sentAt: now })
      .where(
        and(
          inArray(
            favouriteAlertEvents.id,
            changes.map((change) => change.id),
          ),
          isNull(favouriteAlertEvents.sentAt),
        ),
      )
      .returning({ id: favouriteAlertEvents.id });
    const ids = new Set(claimed.map((row) => row.id));
    const mine = changes.filter((change) => ids.has(change.id));
    if (mail && mine.length > 0) {
      await deps.send(mail(mine));
      return 1;
    }
    return 0;
  });
}

/**
 * One user's waiting changes, by their choice for each kind now: 'instant' in one e-mail, 'daily'
 * in one summary once the oldest has waited a day, 'off' (or a home no longer saved) dropped.
 */
export async function sendFavouriteAlertsFor(
  deps: FavouriteAlertDeps,
  userSub: string,
  now = new Date(),
): Promise<number> {
  const { db } = deps;
  const [settingsRow] = await db
    .select()
    .from(favouriteAlertSettings)
    .where(eq(favouriteAlertSettings.userSub, userSub));
  const settings = settingsOf(settingsRow);
  const pending = await pendingChanges(db, userSub);
  const email = settingsRow?.email;
  const choiceOf = (change: Pending): FavouriteAlertChoice =>
    email && change.isSaved ? settings[change.kind] : 'off';
  const by = (choice: FavouriteAlertChoice) => pending.filter((c) => choiceOf(c) === choice);
  const daily = by('daily');
  const isDigestDue = daily.some((c) => now.getTime() - c.detectedAt.getTime() >= DIGEST_WAIT_MS);
  const mailOf = (isDigest: boolean) => (changes: Pending[]) =>
    favouriteAlertEmail({
      to: email!,
      userSub,
      changes,
      isDigest,
      publicUrl: deps.publicUrl(),
      secret: deps.secret,
    });
  await claimAndSend(deps, by('off'), null, now);
  const instant = await claimAndSend(deps, by('instant'), mailOf(false), now);
  const digest = isDigestDue ? await claimAndSend(deps, daily, mailOf(true), now) : 0;
  return instant + digest;
}

/** Finds new changes to saved homes, then e-mails everyone with changes waiting. */
export async function runFavouriteAlerts(
  deps: FavouriteAlertDeps,
  now = new Date(),
  onError: (error: unknown, userSub: string) => void = () => {},
): Promise<number> {
  await detectFavouriteChanges(deps.db, now);
  const users = await deps.db
    .selectDistinct({ userSub: favouriteAlertEvents.userSub })
    .from(favouriteAlertEvents)
    .where(isNull(favouriteAlertEvents.sentAt));
  let sent = 0;
  for (const { userSub } of users) {
    try {
      sent += await sendFavouriteAlertsFor(deps, userSub, now);
    } catch (error) {
      // One user's failure must not hold up everyone else's e-mails; tried again next run.
      onError(error, userSub);
    }
  }
  return sent;
}

export function createFavouriteAlertsJob(deps: FavouriteAlertDeps & { everyMs?: number }) {
  return defineJob({
    name: 'favourite-alerts',
    payload: z.object({}),
    everyMs: deps.everyMs ?? 60_000,
    maxAttempts: 3,
    run: async (_payload, { logger }) => {
      const sent = await runFavouriteAlerts(deps, new Date(), (error, userSub) =>
        logger.error({ err: error, userSub }, 'favourite alert failed'),
      );
      if (sent > 0) logger.info({ emails: sent }, 'favourite alerts sent');
    },
  });
}
