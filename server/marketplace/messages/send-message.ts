import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { ERASED_ACCOUNT_ID } from '../../../domain/admin/erased-account.ts';
import { haveBothReplied, type ParticipantRole } from '../../../domain/messages/contact-masking.ts';
import { messageSchema } from '../../../domain/messages/message-schema.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { Logger } from '../../logger.ts';
import { enquiries } from '../enquiries/schema.ts';
import type { SendEmail } from '../enquiries/submit-enquiry.ts';
import { displayNameOf } from '../listings/lister-profile.ts';
import { listers, listings } from '../listings/schema.ts';
import { enforceHourlyLimit } from '../sender-limit.ts';
import { flagScamWarning } from './flag-scam-warning.ts';
import { messageAsReadBy } from './message-as-read-by.ts';
import { notifyNewMessage } from './notify-new-message.ts';
import { messageThreads, threadMessages, type MessageThread } from './schema.ts';
import { loadThreadFor, otherRole } from './thread-access.ts';

export interface MessageSettings {
  send: SendEmail | undefined;
  publicUrl: string;
  logger: Logger;
  /** Messages one person may send in an hour, across all their conversations. */
  limitPerHour: number;
}

/**
 * A participant writes in a conversation: validated, refused while either side's account is
 * suspended or the listing has gone, rate limited per sender, stored (and flagged to the
 * moderators if it matches a scam pattern), then the other party is e-mailed (throttled), the
 * message shown as they would read it on Roost. The lister's first answer is also kept on the enquiry, which the
 * lister's public response figures are counted from.
 */
export async function sendMessage(
  db: Database,
  settings: MessageSettings,
  options: { threadId: number; userSub: string; input: unknown; now?: Date },
): Promise<{ id: number; isEmailed: boolean }> {
  const parsed = messageSchema.safeParse(options.input);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'Check your message.', fieldErrorsOf(parsed.error));
  }
  const { body } = parsed.data;
  const { thread, role } = await loadThreadFor(db, options.threadId, options.userSub);
  const context = await conversationContext(db, { thread, role, userSub: options.userSub });
  const now = options.now ?? new Date();

  const { id, conversation } = await db.transaction((tx) =>
    storeMessage(tx as unknown as Database, settings, {
      thread,
      role,
      userSub: options.userSub,
      body,
      now,
    }),
  );

  const recipientRole = otherRole(role);
  const sent = conversation.find((message) => message.id === id)!;
  const reading = messageAsReadBy(recipientRole, sent, {
    messages: conversation,
    haveBothReplied: haveBothReplied(conversation.map((message) => message.senderRole)),
  });
  const isEmailed = await notifyNewMessage(db, settings, {
    threadId: thread.id,
    recipientRole,
    recipientEmail: recipientRole === 'lister' ? context.contactEmail : context.enquirerEmail,
    senderName:
      role === 'lister'
        ? (context.listerName ?? displayNameOf(undefined))
        : displayNameOf(context.enquirerName),
    listingTitle: context.title,
    reading,
    canOpenThread: recipientRole === 'lister' || thread.enquirerSub !== null,
    now,
  });
  return { id, isEmailed };
}

/** The listing and enquiry behind a conversation; refused when a message may not be sent. */
async function conversationContext(
  db: Database,
  { thread, role, userSub }: { thread: MessageThread; role: ParticipantRole; userSub: string },
) {
  const [context] = await db
    .select({
      title: listings.title,
      deletedAt: listings.deletedAt,
      ownerSuspendedAt: listings.ownerSuspendedAt,
      contactEmail: listings.contactEmail,
      enquirerEmail: enquiries.email,
      enquirerName: enquiries.name,
      enquiryRepliedAt: enquiries.repliedAt,
      listerName: listers.displayName,
    })
    .from(listings)
    .innerJoin(enquiries, eq(enquiries.id, thread.enquiryId))
    .leftJoin(listers, eq(listers.sub, thread.listerSub))
    .where(eq(listings.id, thread.listingId));
  if (!context) throw new AppError('NOT_FOUND', 'No such conversation.');
  if (context.ownerSuspendedAt) {
    throw new AppError(
      'FORBIDDEN',
      role === 'lister'
        ? 'Your account is suspended, so you cannot send messages.'
        : 'This lister’s account is suspended, so they cannot receive messages.',
    );
  }
  if (role === 'enquirer' && (await isSuspendedLister(db, userSub))) {
    throw new AppError('FORBIDDEN', 'Your account is suspended, so you cannot send messages.');
  }
  if (role === 'lister' && thread.enquirerSub === ERASED_ACCOUNT_ID) {
    throw new AppError('GONE', 'This person has closed their account, so they cannot reply.');
  }
  if (role === 'enquirer' && context.deletedAt) {
    throw new AppError('GONE', 'This listing has been removed, so the lister cannot reply.');
  }
  return context;
}

/** The message stored under the sender's hourly limit; the conversation as it now stands. */
async function storeMessage(
  tx: Database,
  settings: MessageSettings,
  {
    thread,
    role,
    userSub,
    body,
    now,
  }: { thread: MessageThread; role: ParticipantRole; userSub: string; body: string; now: Date },
) {
  await enforceHourlyLimit(tx, {
    lockKey: `message:${userSub}`,
    table: threadMessages,
    createdAt: threadMessages.createdAt,
    sender: eq(threadMessages.senderSub, userSub),
    perHour: settings.limitPerHour,
    now,
    message: 'You have sent a lot of messages in the last hour. Please wait a while.',
  });
  const [row] = await tx
    .insert(threadMessages)
    .values({
      threadId: thread.id,
      senderRole: role,
      senderSub: userSub,
      body,
      createdAt: now,
    })
    .returning({ id: threadMessages.id });
  await tx
    .update(messageThreads)
    .set({
      lastMessageAt: now,
      lastSenderRole: role,
      ...(role === 'lister' ? { listerReadAt: now } : { enquirerReadAt: now }),
    })
    .where(eq(messageThreads.id, thread.id));
  if (role === 'lister') {
    await tx
      .update(enquiries)
      .set({ reply: body, repliedAt: now })
      .where(and(eq(enquiries.id, thread.enquiryId), isNull(enquiries.repliedAt)));
  }
  await flagScamWarning(tx, { id: row!.id, listingId: thread.listingId, body, createdAt: now });
  const messages = await tx
    .select({
      id: threadMessages.id,
      senderRole: threadMessages.senderRole,
      body: threadMessages.body,
      createdAt: threadMessages.createdAt,
    })
    .from(threadMessages)
    .where(eq(threadMessages.threadId, thread.id))
    .orderBy(asc(threadMessages.createdAt), asc(threadMessages.id));
  return { id: row!.id, conversation: messages };
}

/** An administrator disabled this person's account (their listings carry the mark). */
async function isSuspendedLister(db: Database, sub: string): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(listings)
    .where(and(eq(listings.ownerSub, sub), isNotNull(listings.ownerSuspendedAt)))
    .limit(1);
  return Boolean(row);
}
