import {
  maskContactDetails,
  scamWarnings,
  type ContactKind,
  type ScamWarning,
} from '../../../domain/contact-details/contact-details.ts';
import type { ParticipantRole } from '../../../domain/messages/contact-masking.ts';

/** A split contact detail is looked for in this many of the sender's earlier messages... */
export const EARLIER_MESSAGES = 5;
/** ...sent at most this long before the message read. */
export const EARLIER_WINDOW_MS = 24 * 60 * 60_000;

/** A message as stored: the sender's words exactly as written. */
export interface StoredMessage {
  id: number;
  senderRole: ParticipantRole;
  body: string;
  createdAt: Date;
}

/** A message as one participant may read it, on every surface (thread, API, e-mail, listing). */
export interface ReadMessage {
  /** Contact details replaced by plain-words markers until both sides have replied. */
  text: string;
  /** The kinds of detail hidden; empty when the text is shown as written. */
  hiddenKinds: ContactKind[];
  /** For the sender of a masked message: what was hidden from the other party, and why. */
  note: string | null;
  /** Scam patterns the message matches, shown to the reader beside it (never to its sender). */
  warnings: ScamWarning[];
}

const KIND_WORDS: Record<ContactKind, string> = {
  phone: 'phone numbers',
  email: 'e-mail addresses',
  link: 'links',
  handle: 'social media names',
  bank: 'bank details',
};

/**
 * The one rule for showing a message: both participants see the same text, with contact
 * details masked until both have replied (so a first contact cannot be moved off Roost), and
 * the reader is warned about scam patterns in the other party's words. `thread.messages` is the
 * conversation as stored, oldest first: the sender's recent earlier messages are searched with
 * this one, so a number split over two messages is still masked.
 */
export function messageAsReadBy(
  reader: ParticipantRole,
  message: StoredMessage,
  thread: { messages: readonly StoredMessage[]; haveBothReplied: boolean },
): ReadMessage {
  const isMine = message.senderRole === reader;
  const warnings = isMine ? [] : scamWarnings(message.body);
  if (thread.haveBothReplied) return { text: message.body, hiddenKinds: [], note: null, warnings };
  const masked = maskContactDetails(message.body, {
    earlier: earlierFromSender(message, thread.messages),
  });
  const note =
    isMine && masked.kinds.length > 0
      ? `We hid the ${listOf(masked.kinds)} in your message: the other person sees the same ` +
        'text. Contact details show once you have both replied, to keep scammers from moving ' +
        'a first contact off Roost.'
      : null;
  return { text: masked.text, hiddenKinds: masked.kinds, note, warnings };
}

/** The sender's messages before `message` in the window, oldest first, at most five. */
export function earlierFromSender(
  message: StoredMessage,
  messages: readonly StoredMessage[],
): string[] {
  const since = message.createdAt.getTime() - EARLIER_WINDOW_MS;
  return messages
    .filter(
      (other) =>
        other.senderRole === message.senderRole &&
        other.id !== message.id &&
        isBefore(other, message) &&
        other.createdAt.getTime() >= since,
    )
    .slice(-EARLIER_MESSAGES)
    .map((other) => other.body);
}

function isBefore(a: StoredMessage, b: StoredMessage): boolean {
  const difference = a.createdAt.getTime() - b.createdAt.getTime();
  return difference < 0 || (difference === 0 && a.id < b.id);
}

function listOf(kinds: readonly ContactKind[]): string {
  const words = kinds.map((kind) => KIND_WORDS[kind]);
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`;
}
