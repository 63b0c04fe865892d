import { listingPath } from '../../../domain/listing/listing-url.ts';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { ListerEmail } from '../enquiries/submit-enquiry.ts';
import { createFreshnessToken, type FreshnessAction } from './freshness-token.ts';
import type { Listing } from './schema.ts';

export type AskedListing = Pick<
  Listing,
  'id' | 'title' | 'bedrooms' | 'propertyType' | 'channel' | 'town'
> & { contactEmail: string };

/** The page a one-click answer opens: it asks once more, and only its button acts. */
export const FRESHNESS_ANSWER_PATH = '/listings/still-available';

/**
 * 'Is it still available?', with one link per answer (signed, for this question only, so they
 * work without signing in) and the listing's page in the account for anything else. Without the
 * signing secret the e-mail still asks, through the account alone.
 */
export function freshnessEmail(options: {
  listing: AskedListing;
  publicUrl: string;
  secret: Buffer | undefined;
  requestedAt: Date;
}): ListerEmail {
  const { listing, publicUrl, secret, requestedAt } = options;
  const manage = `${publicUrl}/my-account/listings/${listing.id}`;
  const view = `${publicUrl}${listingPath(listing)}`;
  const answerUrl = (signing: Buffer, action: FreshnessAction) =>
    `${publicUrl}${FRESHNESS_ANSWER_PATH}?token=${createFreshnessToken(signing, {
      listingId: listing.id,
      action,
      requestedAt,
    })}`;
  const answers: [string, string][] = secret
    ? [
        ['Yes, keep it live', answerUrl(secret, 'keep')],
        [
          listing.channel === 'sale' ? 'It has sold' : 'It has been let',
          answerUrl(secret, 'agreed'),
        ],
      ]
    : [];
  const title = escapeHtml(listing.title);
  return {
    to: listing.contactEmail,
    subject: `Is "${listing.title}" still available?`,
    text: [
      `Is your Roost listing "${listing.title}" (${view}) still available?`,
      ...answers.map(([label, url]) => `${label}: ${url}`),
      `Or open it in your account to change its status or details: ${manage}`,
      'If we do not hear from you within 7 days we will pause it.',
    ].join('\n\n'),
    html: [
      `<p>Is your Roost listing <a href="${escapeHtml(view)}">${title}</a> still available?</p>`,
      ...answers.map(
        ([label, url]) => `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`,
      ),
      `<p>Or <a href="${escapeHtml(manage)}">open it in your account</a> to change its status or details.</p>`,
      '<p>If we do not hear from you within 7 days we will pause it.</p>',
    ].join(''),
  };
}
