import type { MarketplaceDeps, SignedIn } from '../marketplace-deps.ts';
import { claimSignedOutEnquiries } from './claim-enquiries.ts';
import { countUnreadThreads } from './count-unread.ts';
import { listThreads } from './list-threads.ts';
import { readThread } from './read-thread.ts';
import { reportMessage } from './report-message.ts';
import { sendMessage } from './send-message.ts';

interface OfThread {
  threadId: number;
}

/** Conversations between enquirers and listers; only the two participants can read one. */
export function createMessagesService(
  deps: Pick<MarketplaceDeps, 'db' | 'publicUrl' | 'logger' | 'mail' | 'messageLimitPerHour'>,
) {
  const { db } = deps;
  return {
    /** The header badge: conversations with an unread message from the other party. */
    unreadCount: ({ user, viewingThreadId }: SignedIn & { viewingThreadId?: number }) =>
      countUnreadThreads(db, user.userId, viewingThreadId),
    /** The user's conversations, with those they began signed out under their address. */
    list: async ({ user }: SignedIn) => {
      await claimSignedOutEnquiries(db, user);
      return listThreads(db, user.userId);
    },
    /** Marks the conversation read for the user; anyone else's answers 404. */
    read: async ({ user, threadId }: SignedIn & OfThread) => {
      await claimSignedOutEnquiries(db, user);
      return readThread(db, { threadId, userSub: user.userId });
    },
    send: ({ user, threadId, input }: SignedIn & OfThread & { input: unknown }) =>
      sendMessage(
        db,
        {
          send: deps.mail('message-notification'),
          publicUrl: deps.publicUrl,
          logger: deps.logger,
          limitPerHour: deps.messageLimitPerHour,
        },
        { threadId, userSub: user.userId, input },
      ),
    report: ({ user, messageId, input }: SignedIn & { messageId: number; input: unknown }) =>
      reportMessage(db, { messageId, userSub: user.userId, userEmail: user.email, input }),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
