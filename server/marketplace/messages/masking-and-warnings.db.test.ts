import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskMarker, scamWarnings } from '../../../domain/contact-details/contact-details.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { member } from '../../../tests/support/listing-world.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createTestMarketplace, type SentMail } from '../../../tests/support/test-marketplace.ts';
import { rememberLister } from '../listings/lister-profile.ts';
import type { Marketplace } from '../marketplace.ts';
import { messageThreads } from './schema.ts';

/** The real detector's words for a bank-transfer request, and its marker for a phone number. */
const BANK_WARNING = scamWarnings('Pay by bank transfer.').find(
  (warning) => warning.kind === 'bank-transfer',
)!.message;
const PHONE_HIDDEN = maskMarker('phone');

let database: TestDatabase;
let marketplace: Marketplace;
let sent: SentMail[];
const lena = { ...member('lena'), name: 'Lena Lister' } as SessionUser;
const bob = { ...member('bob'), name: 'Bob Buyer' } as SessionUser;
const admin = { ...member('ada'), isAdmin: true, groups: ['admins'] } as SessionUser;
let enquiriesSent = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ marketplace, sent } = createTestMarketplace(database.db));
  await rememberLister(database.db, { sub: 'lena', name: 'Lena Lister' });
});
afterAll(() => database.destroy());

async function bobEnquires(message: string) {
  const listingId = await insertListing(database.db, {
    ownerSub: 'lena',
    contactEmail: 'lena@example.com',
  });
  enquiriesSent += 1;
  await marketplace.enquiries.submit({
    user: bob,
    listingId,
    input: { name: 'Bob Buyer', email: 'bob@example.com', phone: '07700 900555', message },
    ip: `198.51.100.${enquiriesSent}`,
  });
  const [thread] = await database.db
    .select()
    .from(messageThreads)
    .where(eq(messageThreads.listingId, listingId));
  return { listingId, threadId: thread!.id };
}

const lastMail = (tag: string, to: string) =>
  sent.filter((mail) => mail.tag === tag && mail.email.to === to).at(-1)!.email;

describe('a contact detail split over several messages', () => {
  it('is masked in the thread for both sides, read with the sender’s earlier messages', async () => {
    const { threadId } = await bobEnquires('Is the flat still available?');
    await marketplace.messages.send({ user: lena, threadId, input: { body: 'Ring 07700' } });
    await marketplace.messages.send({ user: lena, threadId, input: { body: 'then 900 123' } });

    const forBob = await marketplace.messages.read({ user: bob, threadId });
    expect(forBob.messages.map((message) => message.text)).toEqual([
      'Is the flat still available?',
      'Ring 07700',
      `then ${PHONE_HIDDEN}`,
    ]);
    const forLena = await marketplace.messages.read({ user: lena, threadId });
    expect(forLena.messages[2]).toMatchObject({ text: forBob.messages[2]!.text });
    expect(forLena.messages[2]!.note).toMatch(/We hid the phone numbers in your message/);
  });

  it('is masked in the e-mail the second half triggers', async () => {
    const { threadId } = await bobEnquires('Is the flat still available?');
    // The first message's e-mail claims the ten-minute window; read the e-mail of the second.
    await database.db
      .update(messageThreads)
      .set({ enquirerNotifiedAt: new Date(0) })
      .where(eq(messageThreads.id, threadId));
    await marketplace.messages.send({ user: lena, threadId, input: { body: 'Ring 07700' } });
    await database.db
      .update(messageThreads)
      .set({ enquirerNotifiedAt: new Date(0) })
      .where(eq(messageThreads.id, threadId));
    await marketplace.messages.send({ user: lena, threadId, input: { body: 'then 900 123' } });
    const mail = lastMail('message-notification', 'bob@example.com');
    expect(mail.text).toContain(PHONE_HIDDEN);
    expect(mail.text).not.toContain('900 123');
  });
});

describe('scam warnings', () => {
  it('deliver the message with a warning for its reader and a flag for the moderators', async () => {
    const { listingId, threadId } = await bobEnquires('Is the flat still available?');
    const body = 'Please pay the holding deposit by bank transfer today.';
    await marketplace.messages.send({ user: lena, threadId, input: { body } });

    const forBob = await marketplace.messages.read({ user: bob, threadId });
    expect(forBob.messages[1]).toMatchObject({
      text: body,
      warnings: [{ kind: 'bank-transfer', message: BANK_WARNING }],
    });
    const forLena = await marketplace.messages.read({ user: lena, threadId });
    expect(forLena.messages[1]!.warnings).toEqual([]);

    const mail = lastMail('message-notification', 'bob@example.com');
    expect(mail.text).toContain(`Be careful with this message:\n- ${BANK_WARNING}`);
    expect(mail.html).toMatch(/<div role="note"[^>]*>\s*<p><strong>Be careful/);

    const queue = await marketplace.moderation.reportedListings({ user: admin });
    const entry = queue.find((listing) => listing.listingId === listingId)!;
    expect(entry.reporterCount).toBe(0);
    expect(entry.reports).toEqual([
      expect.objectContaining({
        reason: 'scam',
        isFlaggedByRoost: true,
        details: `Flagged automatically: ${BANK_WARNING}`,
        message: expect.objectContaining({ id: forBob.messages[1]!.id, body }),
      }),
    ]);
  });

  it('flag an enquiry too, and warn the lister on the listing page and in the e-mail', async () => {
    const body = 'I am abroad; I will send the deposit by bank transfer.';
    const { listingId } = await bobEnquires(body);
    const [enquiry] = await marketplace.enquiries.list({ user: lena, listingId });
    // Both signs of the scam: the sender abroad, and a transfer asked for.
    expect(enquiry!.warnings).toEqual(scamWarnings(body));
    expect(enquiry!.warnings.map((warning) => warning.kind).sort()).toEqual([
      'abroad',
      'bank-transfer',
    ]);
    const mail = lastMail('listing-enquiry', 'lena@example.com');
    expect(mail.html).toContain('role="note"');
    expect(mail.text).toContain(BANK_WARNING);
    const queue = await marketplace.moderation.reportedListings({ user: admin });
    expect(queue.find((listing) => listing.listingId === listingId)!.reports).toEqual([
      expect.objectContaining({ isFlaggedByRoost: true, message: expect.anything() }),
    ]);
  });
});

describe('an enquiry on the lister’s listing page and in the new-enquiry e-mail', () => {
  it('reads as in the conversation, the enquirer’s address hidden until both have replied', async () => {
    const body = 'Is it free? Mail me at bob@example.com';
    const { listingId, threadId } = await bobEnquires(body);
    const [before] = await marketplace.enquiries.list({ user: lena, listingId });
    const { messages } = await marketplace.messages.read({ user: lena, threadId });
    expect(before).toMatchObject({
      email: null,
      phone: null,
      message: messages[0]!.text,
      haveBothReplied: false,
    });
    expect(JSON.stringify(before)).not.toContain('bob@example.com');

    const mail = lastMail('listing-enquiry', 'lena@example.com');
    expect(mail.replyTo).toBeUndefined();
    expect(`${mail.text}${mail.html}`).not.toContain('bob@example.com');
    expect(`${mail.text}${mail.html}`).not.toContain('900555');
    expect(mail.text).toContain(messages[0]!.text);
    expect(mail.text).toContain(`https://roost.test/my-account/messages/${threadId}`);

    await marketplace.messages.send({ user: lena, threadId, input: { body: 'Yes, it is.' } });
    await marketplace.messages.send({ user: bob, threadId, input: { body: 'Lovely, thanks.' } });
    const [after] = await marketplace.enquiries.list({ user: lena, listingId });
    expect(after).toMatchObject({
      email: 'bob@example.com',
      phone: '07700 900555',
      message: body,
      reply: 'Yes, it is.',
      haveBothReplied: true,
    });
  });
});
