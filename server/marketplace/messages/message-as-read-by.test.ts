import { describe, expect, it, vi } from 'vitest';
import type * as Detector from '../../../domain/contact-details/contact-details.ts';
import type { ParticipantRole } from '../../../domain/messages/contact-masking.ts';
import { earlierFromSender, messageAsReadBy, type StoredMessage } from './message-as-read-by.ts';

const maskCalls: [string, Detector.DetectOptions | undefined][] = [];

/** The detector's interface, recording what each message is read with. */
vi.mock('../../../domain/contact-details/contact-details.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof Detector>();
  return {
    ...actual,
    maskContactDetails: (text: string, options?: Detector.DetectOptions) => {
      maskCalls.push([text, options]);
      return actual.maskContactDetails(text, options);
    },
    scamWarnings: (text: string) =>
      text.includes('gift card') ? [{ kind: 'gift-card', message: 'No gift cards.' }] : [],
  };
});

const start = Date.parse('2026-11-01T09:00:00Z');
let ids = 0;
const at = (senderRole: ParticipantRole, body: string, hours: number): StoredMessage => ({
  id: (ids += 1),
  senderRole,
  body,
  createdAt: new Date(start + hours * 3_600_000),
});

describe("a sender's earlier messages", () => {
  it('are their last five in the 24 hours before, oldest first, not the other side’s', () => {
    const old = at('lister', 'two days ago', -48);
    const recent = [1, 2, 3, 4, 5, 6].map((hour) => at('lister', `hour ${hour}`, hour));
    const other = at('enquirer', 'from the enquirer', 6.5);
    const message = at('lister', 'the newest', 7);
    const later = at('lister', 'after it', 8);
    expect(earlierFromSender(message, [old, ...recent, other, message, later])).toEqual([
      'hour 2',
      'hour 3',
      'hour 4',
      'hour 5',
      'hour 6',
    ]);
  });

  it('are passed to the detector with the message, and not once both have replied', () => {
    const first = at('enquirer', 'Ring 07700', 0);
    const second = at('enquirer', 'then 900123', 1);
    maskCalls.length = 0;
    messageAsReadBy('lister', second, { messages: [first, second], haveBothReplied: false });
    expect(maskCalls).toEqual([['then 900123', { earlier: ['Ring 07700'] }]]);
    maskCalls.length = 0;
    const shown = messageAsReadBy('lister', second, {
      messages: [first, second],
      haveBothReplied: true,
    });
    expect(maskCalls).toEqual([]);
    expect(shown).toMatchObject({ text: 'then 900123', hiddenKinds: [], note: null });
  });
});

describe('a message as read', () => {
  const message = at('lister', 'Ring me on 07700 900123', 0);
  const thread = { messages: [message], haveBothReplied: false };

  it('is masked the same for both sides, with a note for its sender only', () => {
    const forSender = messageAsReadBy('lister', message, thread);
    const forReader = messageAsReadBy('enquirer', message, thread);
    expect(forSender.text).toBe(forReader.text);
    expect(forReader.text).not.toContain('900123');
    expect(forReader.note).toBeNull();
    expect(forSender.note).toMatch(/^We hid the phone numbers in your message/);
  });

  it('carries scam warnings for its reader, not its sender, even after both have replied', () => {
    const scam = at('lister', 'Pay with a gift card', 1);
    const replied = { messages: [scam], haveBothReplied: true };
    expect(messageAsReadBy('enquirer', scam, replied).warnings).toEqual([
      { kind: 'gift-card', message: 'No gift cards.' },
    ]);
    expect(messageAsReadBy('lister', scam, replied).warnings).toEqual([]);
  });
});
