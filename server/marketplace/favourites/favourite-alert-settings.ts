import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_FAVOURITE_ALERT_SETTINGS,
  favouriteAlertSettingsInput,
  type FavouriteAlertKind,
  type FavouriteAlertSettings,
} from '../../../domain/favourites/favourite-alerts.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { favouriteAlertSettings } from './schema.ts';

type Row = typeof favouriteAlertSettings.$inferSelect;

/** The table's columns by kind. */
export const CHOICE_COLUMN = {
  reduced: 'reduced',
  under_offer: 'underOffer',
  let_agreed: 'letAgreed',
  withdrawn: 'withdrawn',
} as const satisfies Record<FavouriteAlertKind, keyof Row>;

export function settingsOf(row: Row | undefined): FavouriteAlertSettings {
  if (!row) return { ...DEFAULT_FAVOURITE_ALERT_SETTINGS };
  return {
    reduced: row.reduced,
    under_offer: row.underOffer,
    let_agreed: row.letAgreed,
    withdrawn: row.withdrawn,
  };
}

export async function getFavouriteAlertSettings(
  db: Database,
  userSub: string,
): Promise<FavouriteAlertSettings> {
  const [row] = await db
    .select()
    .from(favouriteAlertSettings)
    .where(eq(favouriteAlertSettings.userSub, userSub));
  return settingsOf(row);
}

/**
 * Keeps the address saved-home e-mails go to up to date: the account's e-mail from the verified
 * ID token, noted whenever the user saves homes (so the job, which has no session, knows it).
 */
export async function rememberFavouriteAlertEmail(db: Database, user: SessionUser): Promise<void> {
  if (!user.email) return;
  await db
    .insert(favouriteAlertSettings)
    .values({ userSub: user.userId, email: user.email })
    .onConflictDoUpdate({
      target: favouriteAlertSettings.userSub,
      set: { email: user.email },
      // Called on every sign-in merge: no write when nothing changed.
      setWhere: sql`${favouriteAlertSettings.email} is distinct from ${user.email}`,
    });
}

export async function setFavouriteAlertSettings(
  db: Database,
  user: SessionUser,
  input: unknown,
): Promise<FavouriteAlertSettings> {
  const parsed = favouriteAlertSettingsInput.safeParse(input);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Choose when to be told.');
  const values = {
    reduced: parsed.data.reduced,
    underOffer: parsed.data.under_offer,
    letAgreed: parsed.data.let_agreed,
    withdrawn: parsed.data.withdrawn,
    updatedAt: new Date(),
  };
  await db
    .insert(favouriteAlertSettings)
    .values({ userSub: user.userId, email: user.email ?? null, ...values })
    .onConflictDoUpdate({
      target: favouriteAlertSettings.userSub,
      set: { ...values, ...(user.email ? { email: user.email } : {}) },
    });
  return parsed.data;
}

/** One kind turned off, from an e-mail's unsubscribe link (no session). */
export async function turnOffFavouriteAlert(
  db: Database,
  userSub: string,
  kind: FavouriteAlertKind,
): Promise<void> {
  const set = { [CHOICE_COLUMN[kind]]: 'off' as const, updatedAt: new Date() };
  await db
    .insert(favouriteAlertSettings)
    .values({ userSub, ...set })
    .onConflictDoUpdate({ target: favouriteAlertSettings.userSub, set });
}
