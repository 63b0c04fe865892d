import { eq, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Logger } from '../../logger.ts';
import {
  contactMessageInput,
  type ContactMessageInput,
} from '../../../domain/contact/contact-message.ts';
import { labelOf } from '../../../domain/labels.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { contactMessages } from './schema.ts';
import { escapeHtml } from '../../mail/escape-html.ts';
import { senderHashOf, takeHourly } from '../../../limits/index.ts';
import { refuseWhenLimited } from '../../http/retry-later-error.ts';

export interface OperatorEmail {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  /** The same content as HTML, every user-supplied value escaped. */
  html: string;
}

/** Sends one e-mail; provided by the mail delivery module. */
export type SendOperatorEmail = (email: OperatorEmail) => Promise<void>;

export interface SubmitContactMessageOptions {
  input: unknown;
  senderIp: string;
  userId?: string | undefined;
  operatorEmail: string;
  limitPerHour: number;
  send: SendOperatorEmail | undefined;
  logger: Logger;
  now?: Date;
}

export interface SubmittedContactMessage {
  id: number;
  isEmailed: boolean;
}

/**
 * Stores a contact-form message, then e-mails it to the operator. The rate limit counts stored
 * messages per sender and per e-mail address over the last hour inside one transaction holding
 * an advisory lock, so it holds across several app instances. A mail failure is logged and the
 * message stays stored (with `emailed_at` unset) for someone to pick up.
 */
export async function submitContactMessage(
  db: Database,
  options: SubmitContactMessageOptions,
): Promise<SubmittedContactMessage> {
  const parsed = contactMessageInput.safeParse(options.input);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Check the highlighted fields.',
      fieldErrorsOf(parsed.error),
    );
  }
  const message = parsed.data;
  const senderHash = senderHashOf(options.senderIp, 'contact');
  const now = options.now ?? new Date();

  const id = await db.transaction(async (tx) => {
    refuseWhenLimited(
      await takeHourly(tx, {
        lockKey: `contact:${senderHash}`,
        table: contactMessages,
        createdAt: contactMessages.createdAt,
        sender: or(
          eq(contactMessages.senderHash, senderHash),
          eq(contactMessages.email, message.email),
        ),
        perHour: options.limitPerHour,
        now,
      }),
      'You have sent several messages in the last hour. Please wait a while before sending another.',
    );
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: message.name,
        email: message.email,
        phone: message.phone ?? null,
        topic: message.topic,
        message: message.message,
        senderHash,
        userId: options.userId ?? null,
        createdAt: now,
      })
      .returning({ id: contactMessages.id });
    return row!.id;
  });

  if (!options.send) {
    options.logger.warn(
      { contactMessageId: id },
      'contact message stored; mail delivery not configured',
    );
    return { id, isEmailed: false };
  }
  try {
    await options.send(operatorEmailFor(id, message, options.operatorEmail));
    await db
      .update(contactMessages)
      .set({ emailedAt: new Date() })
      .where(eq(contactMessages.id, id));
    return { id, isEmailed: true };
  } catch (error) {
    options.logger.error(
      { err: error, contactMessageId: id },
      'contact message stored but not e-mailed',
    );
    return { id, isEmailed: false };
  }
}

export function operatorEmailFor(
  id: number,
  message: ContactMessageInput,
  operatorEmail: string,
): OperatorEmail {
  const topic = labelOf('contactTopic', message.topic);
  const rows: [string, string][] = [
    ['From', `${message.name} <${message.email}>`],
    ...(message.phone ? [['Phone', message.phone] as [string, string]] : []),
    ['Topic', topic],
  ];
  return {
    to: operatorEmail,
    replyTo: message.email,
    subject: `Contact form #${id}: ${topic}`,
    text: [...rows.map(([label, value]) => `${label}: ${value}`), '', message.message].join('\n'),
    html: [
      `<p>A message from the Roost contact form (#${id}).</p>`,
      '<table>',
      ...rows.map(
        ([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
      `<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`,
    ].join('\n'),
  };
}
