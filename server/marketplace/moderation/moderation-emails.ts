import { listingPath } from '../../../domain/listing/listing-url.ts';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { listings } from '../listings/schema.ts';
import type { ModerationOutcome } from './schema.ts';

const OUTCOME_WORDS: Record<ModerationOutcome, string> = {
  removed:
    'Our moderators found that it broke our rules and have removed it from Roost. Thank you for telling us.',
  paused:
    'Our moderators found a problem and have paused it: it is off Roost until its lister puts it right and a moderator checks it again. Thank you for telling us.',
  dismissed:
    'Our moderators checked it and found that it does not break our rules, so it stays on Roost. Thank you for telling us all the same: every report is read.',
};

/** Tells a reporter what was decided about the listing they reported. */
export function reportOutcomeEmail(to: string, title: string, outcome: ModerationOutcome) {
  const headline = `You reported the listing "${title}".`;
  const body = OUTCOME_WORDS[outcome];
  return {
    to,
    subject: `The listing you reported: ${outcome === 'dismissed' ? 'no breach found' : outcome}`,
    text: [headline, '', body].join('\n'),
    html: [`<p>${escapeHtml(headline)}</p>`, `<p>${escapeHtml(body)}</p>`].join('\n'),
  };
}

/** Tells the lister why their listing was paused or removed, or that it is live again. */
export function moderationEmail(
  publicUrl: string,
  listing: typeof listings.$inferSelect,
  decision: 'pause' | 'remove' | 'relist',
  reason: string,
  isAppeal = false,
) {
  const view = `${publicUrl}${listingPath(listing)}`;
  if (decision === 'relist') {
    const headline = isAppeal
      ? `We have upheld your appeal: our moderators have looked again at "${listing.title}" and it is back on Roost.`
      : `Thank you for your changes: our moderators have checked "${listing.title}" and it is back on Roost.`;
    const note = reason ? ['', 'Their note:', reason] : [];
    return {
      to: listing.contactEmail!,
      subject: `Your listing "${listing.title}" is live again`,
      text: [headline, `Listing: ${view}`, ...note].join('\n'),
      html: [
        `<p>${escapeHtml(headline)}</p>`,
        `<p>Listing: <a href="${escapeHtml(view)}">${escapeHtml(listing.title)}</a></p>`,
        ...(reason
          ? [
              '<p><strong>Their note:</strong></p>',
              `<p style="white-space:pre-wrap">${escapeHtml(reason)}</p>`,
            ]
          : []),
      ].join('\n'),
    };
  }
  const manage = `${publicUrl}/my-account/listings/${listing.id}`;
  const contact = `${publicUrl}/contact-us`;
  const paused = decision === 'pause';
  const headline = isAppeal
    ? `We have looked at your appeal about "${listing.title}" and not upheld it: the listing stays ${paused ? 'paused' : 'removed'}.`
    : paused
      ? `We have paused your listing "${listing.title}" after reports from visitors.`
      : `We have removed your listing "${listing.title}" from Roost after reports from visitors.`;
  const next = isAppeal
    ? `An appeal can be made once per decision, so this is our final answer on Roost. If you still disagree, contact us: ${contact}`
    : paused
      ? `Please make the changes, then set it back to "Available" in your account: our moderators will check it before it goes live again. If you think the decision is wrong, you can appeal once from the same page: ${manage}`
      : `It can no longer be viewed. If you think this is a mistake, you can appeal once from your account: ${manage}`;
  return {
    to: listing.contactEmail!,
    subject: isAppeal
      ? `Your appeal about "${listing.title}"`
      : paused
        ? `Your listing "${listing.title}" has been paused`
        : `Your listing "${listing.title}" has been removed`,
    text: [headline, `Listing: ${view}`, '', 'Our reason:', reason, '', next].join('\n'),
    html: [
      `<p>${escapeHtml(headline)}</p>`,
      `<p>Listing: <a href="${escapeHtml(view)}">${escapeHtml(listing.title)}</a></p>`,
      '<p><strong>Our reason:</strong></p>',
      `<p style="white-space:pre-wrap">${escapeHtml(reason)}</p>`,
      `<p>${escapeHtml(next)}</p>`,
    ].join('\n'),
  };
}
