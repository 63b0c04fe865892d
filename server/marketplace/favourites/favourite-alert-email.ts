import {
  FAVOURITE_ALERT_KIND_PHRASES,
  FAVOURITE_ALERT_KINDS,
  type FavouriteAlertKind,
} from '../../../domain/favourites/favourite-alerts.ts';
import { formatPrice, pluralise } from '../../../domain/format.ts';
import { listingPath } from '../../../domain/listing/listing-url.ts';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { Message } from '../../mail/mailer.ts';
import { streetOnly } from '../listings/listing-summary.ts';
import { createFavouriteAlertToken } from './favourite-alert-token.ts';

/** One change to tell, with the listing as it is now. */
export interface FavouriteChange {
  kind: FavouriteAlertKind;
  event: string;
  priceBefore: number | null;
  priceAfter: number | null;
  listing: {
    id: number;
    title: string;
    addressLine1: string;
    town: string;
    channel: 'sale' | 'rent';
    rentPeriod: 'month' | 'week' | null;
    bedrooms: number;
    propertyType: string;
  };
}

export interface FavouriteAlertEmailOptions {
  to: string;
  userSub: string;
  changes: readonly FavouriteChange[];
  isDigest: boolean;
  publicUrl: string;
  secret: Buffer;
}

/** What happened, as Roost passes it on: 'Reduced by £10,000 to £240,000'. */
export function describeChange(change: FavouriteChange): string {
  const money = (price: number) => formatPrice({ ...change.listing, priceQualifier: null, price });
  switch (change.event) {
    case 'reduced':
      return change.priceBefore !== null && change.priceAfter !== null
        ? `Reduced by ${money(change.priceBefore - change.priceAfter)} to ${money(change.priceAfter)}`
        : 'Price reduced';
    case 'under_offer':
      return 'Now under offer';
    case 'sold_stc':
      return 'Now sold subject to contract';
    case 'let_agreed':
      return 'Let agreed';
    default:
      return 'No longer available';
  }
}

/**
 * A withdrawn home is no longer public, so the e-mail names it by its public street and town
 * only (the saver saw those when they saved it) and links to their favourites, not to a page
 * that is gone; an advertised one gets its title and a link.
 */
function lineOf(change: FavouriteChange, base: string) {
  const address = `${streetOnly(change.listing.addressLine1)}, ${change.listing.town}`;
  const isGone = change.kind === 'withdrawn';
  return {
    what: describeChange(change),
    name: isGone ? address : `${change.listing.title}, ${address}`,
    url: isGone ? `${base}/favourites` : `${base}${listingPath(change.listing)}`,
  };
}

export function favouriteAlertEmail(options: FavouriteAlertEmailOptions): Message {
  const base = options.publicUrl;
  const lines = options.changes.map((change) => lineOf(change, base));
  const kinds = FAVOURITE_ALERT_KINDS.filter((kind) =>
    options.changes.some((change) => change.kind === kind),
  );
  const unsubscribes = kinds.map((kind) => ({
    words: `Stop e-mails when a saved home ${FAVOURITE_ALERT_KIND_PHRASES[kind]}`,
    url: `${base}/favourites/unsubscribe?token=${createFavouriteAlertToken(options.secret, {
      userSub: options.userSub,
      kind,
    })}`,
  }));
  const count = pluralise(lines.length, 'update');
  const subject = options.isDigest
    ? `Your daily summary: ${count} on homes you saved on Roost`
    : lines.length === 1
      ? `${lines[0]!.what}: a home you saved on Roost`
      : `${count} on homes you saved on Roost`;
  const intro = 'Listers have updated homes you saved on Roost:';
  const manage = `${base}/favourites`;
  const text = [
    intro,
    '',
    ...lines.flatMap((line) => [`${line.what} — ${line.name}`, line.url, '']),
    `Your saved homes and when we e-mail you: ${manage}`,
    '',
    ...unsubscribes.map((link) => `${link.words}: ${link.url}`),
  ].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...lines.map(
      (line) =>
        `<li><strong>${escapeHtml(line.what)}</strong> — <a href="${escapeHtml(line.url)}">${escapeHtml(line.name)}</a></li>`,
    ),
    '</ul>',
    `<p><a href="${escapeHtml(manage)}">Your saved homes and when we e-mail you</a></p>`,
    ...unsubscribes.map(
      (link) =>
        `<p style="font-size:small"><a href="${escapeHtml(link.url)}">${escapeHtml(link.words)}</a></p>`,
    ),
  ].join('\n');
  return {
    channel: 'email',
    to: options.to,
    subject,
    text,
    html,
    tag: 'favourite-alert',
    // A mail client's one-click unsubscribe stops the kind the e-mail is (first) about.
    headers: {
      'List-Unsubscribe': `<${unsubscribes[0]!.url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
