import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { ParticipantRole } from '../../../domain/messages/contact-masking.ts';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { Logger } from '../../logger.ts';
import type { SendEmail } from '../enquiries/submit-enquiry.ts';
import type { ReadMessage } from './message-as-read-by.ts';
import { messageThreads } from './schema.ts';
import { scamWarningHtml, scamWarningText } from './scam-warning-mail.ts';

/** A burst of replies sends one e-mail per conversation and recipient in this window. */
export const NOTIFY_EVERY_MS = 10 * 60_000;

export interface NewMessageNotice {
  threadId: number;
  recipientRole: ParticipantRole;
  recipientEmail: string | null;
  senderName: string;
  listingTitle: string;
  /** The message as the recipient reads it on Roost (`messageAsReadBy`). */
  reading: ReadMessage;
  /**
   * Whether the recipient has an account in the conversation. An enquirer who wrote signed out
   * is asked to sign in or create one with this address, which joins them to it.
   */
  canOpenThread: boolean;
  now: Date;
}

/**
 * E-mails the other party about a new message, at most once per conversation per ten minutes
 * (claimed by a conditional update, so two instances never both send). The message is shown as
 * the recipient would see it on Roost: contact details masked until both have replied, and any
 * scam warnings above it.
 */
export async function notifyNewMessage(
  db: Database,
  settings: { send: SendEmail | undefined; publicUrl: string; logger: Logger },
  notice: NewMessageNotice,
): Promise<boolean> {
  if (!settings.send || !notice.recipientEmail) return false;
  const column =
    notice.recipientRole === 'lister'
      ? messageThreads.listerNotifiedAt
      : messageThreads.enquirerNotifiedAt;
  const since = new Date(notice.now.getTime() - NOTIFY_EVERY_MS);
  const claimed = await db
    .update(messageThreads)
    .set(
      notice.recipientRole === 'lister'
        ? { listerNotifiedAt: notice.now }
        : { enquirerNotifiedAt: notice.now },
    )
    .where(and(eq(messageThreads.id, notice.threadId), or(isNull(column), lt(column, since))))
    .returning({ id: messageThreads.id });
  if (claimed.length === 0) return false;

  const { text, warnings } = notice.reading;
  const url = `${settings.publicUrl}/my-account/messages/${notice.threadId}`;
  const action = notice.canOpenThread
    ? `Read and reply on Roost: ${url}`
    : `To read and reply, sign in to Roost (or create a free account) with this e-mail address: ${url}`;
  try {
    await settings.send({
      to: notice.recipientEmail,
      subject: `New message about ${notice.listingTitle}`,
      text: [
        `${notice.senderName} sent you a message about "${notice.listingTitle}":`,
        '',
        ...scamWarningText(warnings),
        text,
        '',
        action,
      ].join('\n'),
      html: [
        `<p>${escapeHtml(notice.senderName)} sent you a message about ${escapeHtml(notice.listingTitle)}:</p>`,
        ...scamWarningHtml(warnings),
        `<p style="white-space:pre-wrap">${escapeHtml(text)}</p>`,
        notice.canOpenThread
          ? `<p><a href="${escapeHtml(url)}">Read and reply on Roost</a></p>`
          : `<p>To read and reply, <a href="${escapeHtml(url)}">sign in to Roost</a> (or create a free account) with this e-mail address.</p>`,
      ].join('\n'),
    });
    return true;
  } catch (error) {
    settings.logger.error({ err: error, threadId: notice.threadId }, 'message not e-mailed');
    return false;
  }
}
