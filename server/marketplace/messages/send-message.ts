import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { ERASED_ACCOUNT_ID } from '../../../domain/admin/erased-account.ts';
import { haveBothReplied } from '../../../domain/messages/contact-masking.ts';
import { messageSchema } from '../../../domain/messages/message-schema.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { Logger } from '../../logger.ts';
import { enquiries } from '../enquiries/schema.ts';
import type { SendEmail } from '../enquiries/submit-enquiry.ts';
import { displayNameOf } from '../listings/lister-profile.ts';
import { listers, listings } from '../listings/schema.ts';
import { takeHourly } from '../../../limits/index.ts';
import { refuseWhenLimited } from '../../http/retry-later-error.ts';
import { flagScamWarning } from './flag-scam-warning.ts';
import { messageAsReadBy } from './message-as-read-by.ts';
import { notifyNewMessage } from './notify-new-message.ts';
import { messageThreads, threadMessages } from './schema.ts';
import { loadThreadFor, otherRole } from './thread-access.ts';

export interface MessageSettings {
  send: SendEmail | undefined;
  publicUrl: string;
  logger: Logger;
  /** Messages one person may send in an hour, across all their conversations. */
  limitPerHour: number;
}

type Access = Awaited<ReturnType<typeof loadThreadFor>>;
type Thread = Access['thread'];
type Role = Access['role'];
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The listing and enquiry behind a conversation: who may still write, and who to e-mail. */
async function sendContextOf(db: Database, thread: Thread) {
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
  return context;
}
type SendContext = Awaited<ReturnType<typeof sendContextOf>>;

/** Refuses while either side's account is suspended, or the other side or the listing has gone. */
async function assertCanSend(
  db: Database,
  { thread, role }: Access,
  context: SendContext,
  userSub: string,
) {
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
}

/** Stores the message and moves the thread on; returns its id and the whole conversation. */
async function storeMessage(
  tx: Transaction,
  { thread, role }: Access,
  message: { userSub: string; body: string; now: Date },
) {
  const { userSub, body, now } = message;
  const [row] = await tx
    .insert(threadMessages)
    .values({ threadId: thread.id, senderRole: role, senderSub: userSub, body, createdAt: now })
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
  const conversation = await tx
    .select({
      id: threadMessages.id,
      senderRole: threadMessages.senderRole,
      body: threadMessages.body,
      createdAt: threadMessages.createdAt,
    })
    .from(threadMessages)
    .where(eq(threadMessages.threadId, thread.id))
    .orderBy(asc(threadMessages.createdAt), asc(threadMessages.id));
  return { id: row!.id, conversation };
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
  const access = await loadThreadFor(db, options.threadId, options.userSub);
  const { thread, role } = access;
  const context = await sendContextOf(db, thread);
  await assertCanSend(db, access, context, options.userSub);
  const now = options.now ?? new Date();

  const { id, conversation } = await db.transaction(async (tx) => {
    refuseWhenLimited(
      await takeHourly(tx, {
        lockKey: `message:${options.userSub}`,
        table: threadMessages,
        createdAt: threadMessages.createdAt,
        sender: eq(threadMessages.senderSub, options.userSub),
        perHour: settings.limitPerHour,
        now,
      }),
      'You have sent a lot of messages in the last hour. Please wait a while.',
    );
    return storeMessage(tx, access, { userSub: options.userSub, body, now });
  });

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
    senderName: senderNameOf(role, context),
    listingTitle: context.title,
    reading,
    canOpenThread: recipientRole === 'lister' || thread.enquirerSub !== null,
    now,
  });
  return { id, isEmailed };
}

function senderNameOf(role: Role, context: SendContext): string {
  return role === 'lister'
    ? (context.listerName ?? displayNameOf(undefined))
    : displayNameOf(context.enquirerName);
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
