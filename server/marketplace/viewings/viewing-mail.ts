import { createEvent } from 'ics';
import { formatCalendarDay } from '../../../domain/format.ts';
import { formatClock, londonDayOf } from '../../../domain/viewings/slots.ts';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { MailAttachment } from '../../mail/mailer.ts';
import type { ListerEmail } from '../enquiries/submit-enquiry.ts';

/** What every viewing e-mail says about the viewing. */
export interface ViewingFacts {
  id: number;
  startsAt: Date;
  endsAt: Date;
  sequence: number;
  note: string;
  bookerName: string;
  listingTitle: string;
  /** The home's address: the booker needs it to come to the door. */
  address: string;
  listingUrl: string;
  /** Where each side manages the viewing on Roost. */
  manageUrl: string;
}

export type ViewingMailKind = 'booked' | 'moved' | 'cancelled' | 'reminder';
export type ViewingReader = 'lister' | 'booker';

/** e.g. 'Saturday 5 December 2026, 10:00 to 10:30 (UK time)'. */
export function viewingWhen(viewing: { startsAt: Date; endsAt: Date }): string {
  return `${formatCalendarDay(londonDayOf(viewing.startsAt))}, ${formatClock(viewing.startsAt)} to ${formatClock(viewing.endsAt)} (UK time)`;
}

/**
 * The viewing as a calendar entry (RFC 5545) both sides can add to their own calendars: one UID
 * per viewing, its SEQUENCE raised by each move, and a cancellation that removes it.
 */
export function viewingCalendarFile(viewing: ViewingFacts, isCancelled: boolean): MailAttachment {
  const { error, value } = createEvent({
    productId: 'roost/viewings',
    method: isCancelled ? 'CANCEL' : 'PUBLISH',
    // Unique across installations: the site's own host names it.
    uid: `viewing-${viewing.id}@${new URL(viewing.manageUrl).host}`,
    sequence: viewing.sequence + (isCancelled ? 1 : 0),
    status: isCancelled ? 'CANCELLED' : 'CONFIRMED',
    start: viewing.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: viewing.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `Viewing: ${viewing.listingTitle}`,
    location: viewing.address,
    url: viewing.listingUrl,
    description: `Viewing booked on Roost by ${viewing.bookerName}. The lister shows the home; Roost only hosts the calendar. Manage it: ${viewing.manageUrl}`,
  });
  if (error || !value) throw error ?? new Error('Could not write the calendar entry');
  return {
    filename: 'viewing.ics',
    content: value,
    contentType: `text/calendar; charset=utf-8; method=${isCancelled ? 'CANCEL' : 'PUBLISH'}`,
  };
}

const SUBJECTS: Record<ViewingMailKind, string> = {
  booked: 'Viewing booked',
  moved: 'Viewing moved',
  cancelled: 'Viewing cancelled',
  reminder: 'Reminder: viewing tomorrow',
};

function opening(kind: ViewingMailKind, reader: ViewingReader, by: ViewingReader | undefined) {
  const other = reader === 'lister' ? 'the viewer' : 'the lister';
  const actor = by === reader ? 'You' : by === 'lister' ? 'The lister' : 'The viewer';
  switch (kind) {
    case 'booked':
      return reader === 'lister'
        ? 'Someone has booked a viewing of your home in your Roost viewing calendar.'
        : 'Your viewing is booked. The lister shows the home themselves: Roost only hosts their calendar.';
    case 'moved':
      return `${actor} moved this viewing to a new time.`;
    case 'cancelled':
      return `${actor} cancelled this viewing. If you still want to meet, contact ${other} on Roost.`;
    case 'reminder':
      return reader === 'lister'
        ? 'A reminder: you are showing your home tomorrow.'
        : 'A reminder: you are viewing this home tomorrow.';
  }
}

/** One viewing e-mail to one side, with the calendar entry attached (a cancellation's removes it). */
export function viewingMail(options: {
  to: string;
  kind: ViewingMailKind;
  reader: ViewingReader;
  /** Who moved or cancelled it. */
  by?: ViewingReader;
  viewing: ViewingFacts;
}): ListerEmail {
  const { viewing, kind, reader } = options;
  const isCancelled = kind === 'cancelled';
  const lines: [string, string][] = [
    ['Home', viewing.listingTitle],
    ['When', viewingWhen(viewing)],
    ['Address', viewing.address],
    ...(reader === 'lister' ? ([['Viewer', viewing.bookerName]] as [string, string][]) : []),
    ...(viewing.note ? ([['Note', viewing.note]] as [string, string][]) : []),
  ];
  const intro = opening(kind, reader, options.by);
  const manage = isCancelled ? 'Your viewings' : 'Move or cancel it';
  return {
    to: options.to,
    subject: `${SUBJECTS[kind]}: ${viewing.listingTitle}, ${viewingWhen(viewing)}`,
    text: [
      intro,
      '',
      ...lines.map(([label, value]) => `${label}: ${value}`),
      '',
      `${manage}: ${viewing.manageUrl}`,
      `The listing: ${viewing.listingUrl}`,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      '<table>',
      ...lines.map(
        ([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
      `<p><a href="${escapeHtml(viewing.manageUrl)}">${manage}</a> · <a href="${escapeHtml(viewing.listingUrl)}">The listing</a></p>`,
    ].join('\n'),
    attachments: [viewingCalendarFile(viewing, isCancelled)],
  };
}
