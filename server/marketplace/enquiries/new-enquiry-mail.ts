import { maskContactDetails } from '../../../domain/contact-details/contact-details.ts';
import { formatViewingTime, type ViewingTime } from '../../../domain/enquiry/viewing-times.ts';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { ReadMessage } from '../messages/message-as-read-by.ts';
import { scamWarningHtml, scamWarningText } from '../messages/scam-warning-mail.ts';
import type { ListerEmail } from './submit-enquiry.ts';

export const CONTACT_HIDDEN_UNTIL_REPLIED =
  'For your safety, their e-mail address and phone number show on your listing’s page on ' +
  'Roost once you have both replied in the conversation.';

/**
 * The 'New enquiry' e-mail to the lister: the enquiry as the lister reads it in the conversation
 * (contact details masked, scam warnings above it), without the enquirer's e-mail address or
 * phone number (and no Reply-To), so the first answer is written on Roost.
 */
export function newEnquiryMail(enquiry: {
  to: string;
  listingTitle: string;
  listingUrl: string;
  threadUrl: string;
  name: string;
  wantsViewing: boolean;
  viewingTimes: readonly ViewingTime[];
  reading: ReadMessage;
}): ListerEmail {
  const lines: [string, string][] = [
    ['From', maskContactDetails(enquiry.name).text],
    ['Viewing requested', enquiry.wantsViewing ? 'Yes' : 'No'],
    ...enquiry.viewingTimes.map(
      (slot, index) => [`Preferred time ${index + 1}`, formatViewingTime(slot)] as [string, string],
    ),
  ];
  const { text, warnings } = enquiry.reading;
  return {
    to: enquiry.to,
    subject: `New enquiry about ${enquiry.listingTitle}`,
    text: [
      `You have a new enquiry about your listing "${enquiry.listingTitle}" (${enquiry.listingUrl}).`,
      '',
      ...lines.map(([label, value]) => `${label}: ${value}`),
      '',
      ...scamWarningText(warnings),
      text,
      '',
      `Read and answer it on Roost: ${enquiry.threadUrl}`,
      CONTACT_HIDDEN_UNTIL_REPLIED,
    ].join('\n'),
    html: [
      `<p>You have a new enquiry about <a href="${escapeHtml(enquiry.listingUrl)}">${escapeHtml(enquiry.listingTitle)}</a>.</p>`,
      '<table>',
      ...lines.map(
        ([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
      ...scamWarningHtml(warnings),
      `<p style="white-space:pre-wrap">${escapeHtml(text)}</p>`,
      `<p><a href="${escapeHtml(enquiry.threadUrl)}">Read and answer it on Roost</a></p>`,
      `<p>${escapeHtml(CONTACT_HIDDEN_UNTIL_REPLIED)}</p>`,
    ].join('\n'),
  };
}
