import { z } from 'zod';

/** What Roost e-mails about a saved home; each kind has its own choice and unsubscribe link. */
export const FAVOURITE_ALERT_KINDS = ['reduced', 'under_offer', 'let_agreed', 'withdrawn'] as const;
export type FavouriteAlertKind = (typeof FAVOURITE_ALERT_KINDS)[number];

/** The change, as in 'we e-mail you when a saved home …'. */
export const FAVOURITE_ALERT_KIND_PHRASES: Record<FavouriteAlertKind, string> = {
  reduced: 'is reduced in price',
  under_offer: 'goes under offer or is sold STC',
  let_agreed: 'is let agreed',
  withdrawn: 'is no longer available',
};

/** When: straight away, in one e-mail a day, or never. */
export const FAVOURITE_ALERT_CHOICES = ['instant', 'daily', 'off'] as const;
export type FavouriteAlertChoice = (typeof FAVOURITE_ALERT_CHOICES)[number];

export const FAVOURITE_ALERT_KIND_LABELS: Record<FavouriteAlertKind, string> = {
  reduced: 'Price reduced',
  under_offer: 'Under offer or sold STC',
  let_agreed: 'Let agreed',
  withdrawn: 'No longer available',
};

export const FAVOURITE_ALERT_CHOICE_LABELS: Record<FavouriteAlertChoice, string> = {
  instant: 'Straight away',
  daily: 'In a daily summary',
  off: 'Never',
};

export type FavouriteAlertSettings = Record<FavouriteAlertKind, FavouriteAlertChoice>;

export const DEFAULT_FAVOURITE_ALERT_SETTINGS: FavouriteAlertSettings = {
  reduced: 'instant',
  under_offer: 'instant',
  let_agreed: 'instant',
  withdrawn: 'instant',
};

const choice = z.enum(FAVOURITE_ALERT_CHOICES, { message: 'Choose when to be told' });

/** The 'Alerts about your saved homes' form: one choice per kind. */
export const favouriteAlertSettingsInput = z.object({
  reduced: choice,
  under_offer: choice,
  let_agreed: choice,
  withdrawn: choice,
});
