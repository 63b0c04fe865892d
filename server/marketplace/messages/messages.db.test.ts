import fs from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskContactDetails } from '../../../domain/contact-details/contact-details.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { expectAppError, member } from '../../../tests/support/listing-world.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createTestMarketplace, type SentMail } from '../../../tests/support/test-marketplace.ts';
import { enquiries } from '../enquiries/schema.ts';
import type { ListerEmail } from '../enquiries/submit-enquiry.ts';
import { rememberLister } from '../listings/lister-profile.ts';
import { listings } from '../listings/schema.ts';
import type { Marketplace } from '../marketplace.ts';
import { messageThreads, threadMessages } from './schema.ts';
import { sendMessage } from './send-message.ts';

let database: TestDatabase;
let marketplace: Marketplace;
let sent: SentMail[];
const lena = { ...member('lena'), name: 'Lena Lister' } as SessionUser;
const bob = { ...member('bob'), name: 'Bob Buyer' } as SessionUser;
const eve = member('eve');
const admin = { ...member('ada'), isAdmin: true, groups: ['admins'] } as SessionUser;
let addresses = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ marketplace, sent } = createTestMarketplace(database.db));
  await rememberLister(database.db, { sub: 'lena', name: 'Lena Lister' });
});
afterAll(() => database.destroy());

/** A listing of Lena's, and Bob's enquiry about it: the conversation's first message. */
async function bobEnquires(
  message = 'Is the flat still available? Mail me at bob@example.com',
  enquirer: SessionUser = bob,
) {
  const listingId = await insertListing(database.db, {
    ownerSub: 'lena',
    contactEmail: 'lena@example.com',
  });
  addresses += 1;
  await marketplace.enquiries.submit({
    user: enquirer,
    listingId,
    input: { name: 'Bob Buyer', email: 'bob@example.com', message },
    ip: `203.0.113.${addresses}`,
  });
  const [thread] = await database.db
    .select()
    .from(messageThreads)
    .where(eq(messageThreads.listingId, listingId));
  return { listingId, threadId: thread!.id };
}

/** What the detector's interface makes of `text` (these tests do not depend on its insides). */
const masked = (text: string) => maskContactDetails(text).text;

const mailsTo = (address: string) =>
  sent.filter(({ tag, email }) => tag === 'message-notification' && email.to === address);

describe('conversations', () => {
  it('opens a thread with each enquiry that only its two participants can read', async () => {
    const { threadId } = await bobEnquires();
    const [forLena] = await marketplace.messages.list({ user: lena });
    expect(forLena).toMatchObject({ id: threadId, role: 'lister', otherName: 'Bob B.' });
    const [forBob] = await marketplace.messages.list({ user: bob });
    expect(forBob).toMatchObject({ id: threadId, role: 'enquirer', otherName: 'Lena L.' });
    expect(JSON.stringify([forLena, forBob])).not.toMatch(/@example\.com/);

    await expectAppError(marketplace.messages.read({ user: eve, threadId }), 'NOT_FOUND');
    await expectAppError(
      marketplace.messages.send({ user: eve, threadId, input: { body: 'Hello there' } }),
      'NOT_FOUND',
    );
    const { messages } = await marketplace.messages.read({ user: lena, threadId });
    await expectAppError(
      marketplace.messages.report({
        user: eve,
        messageId: messages[0]!.id,
        input: { reason: 'scam' },
      }),
      'NOT_FOUND',
    );
    expect(await marketplace.messages.list({ user: eve })).toEqual([]);
  });

  it('counts unread conversations for each side and clears them on reading', async () => {
    const before = {
      lena: await marketplace.messages.unreadCount({ user: lena }),
      bob: await marketplace.messages.unreadCount({ user: bob }),
    };
    const { threadId } = await bobEnquires();
    expect(await marketplace.messages.unreadCount({ user: lena })).toBe(before.lena + 1);
    expect(await marketplace.messages.unreadCount({ user: bob })).toBe(before.bob);
    expect(await marketplace.messages.unreadCount({ user: lena, viewingThreadId: threadId })).toBe(
      before.lena,
    );

    await marketplace.messages.read({ user: lena, threadId });
    expect(await marketplace.messages.unreadCount({ user: lena })).toBe(before.lena);
    await marketplace.messages.send({ user: lena, threadId, input: { body: 'Yes, it is.' } });
    expect(await marketplace.messages.unreadCount({ user: bob })).toBe(before.bob + 1);
    const listed = await marketplace.messages.list({ user: bob });
    expect(listed[0]).toMatchObject({ id: threadId, isUnread: true });
    await marketplace.messages.read({ user: bob, threadId });
    expect(await marketplace.messages.unreadCount({ user: bob })).toBe(before.bob);
  });

  it('shows both sides the same masked text until both have replied, telling the sender', async () => {
    const enquiry = 'Is the flat still available? Mail me at bob@example.com';
    const answer = 'Yes. Ring me on 07700 900123.';
    const { threadId } = await bobEnquires(enquiry);
    const first = await marketplace.messages.read({ user: lena, threadId });
    expect(first.messages[0]!.text).toBe(masked(enquiry));
    expect(first.messages[0]!.text).not.toContain('bob@example.com');
    expect(first.messages[0]!.note).toBeNull();
    await marketplace.messages.send({ user: lena, threadId, input: { body: answer } });

    const beforeBob = await marketplace.messages.read({ user: bob, threadId });
    expect(beforeBob.haveBothReplied).toBe(false);
    expect(beforeBob.messages[1]!.text).toBe(masked(answer));
    expect(beforeBob.messages[1]!.text).not.toContain('900123');
    // Bob sees his own enquiry as Lena sees it, and is told why.
    expect(beforeBob.messages[0]!.text).toBe(masked(enquiry));
    expect(beforeBob.messages[0]!.note).toMatch(/other person sees the same text/);
    const lenaView = await marketplace.messages.read({ user: lena, threadId });
    expect(lenaView.messages.map((message) => message.text)).toEqual(
      beforeBob.messages.map((message) => message.text),
    );
    expect(lenaView.messages[1]!.note).toMatch(/show once you have both replied/);

    await marketplace.messages.send({ user: bob, threadId, input: { body: 'Great, thanks!' } });
    const afterBob = await marketplace.messages.read({ user: bob, threadId });
    expect(afterBob.haveBothReplied).toBe(true);
    expect(afterBob.messages.map((message) => [message.text, message.note])).toEqual([
      [enquiry, null],
      [answer, null],
      ['Great, thanks!', null],
    ]);
    const [stored] = await database.db
      .select({ body: threadMessages.body })
      .from(threadMessages)
      .where(eq(threadMessages.id, beforeBob.messages[1]!.id));
    expect(stored!.body).toBe(answer);
  });

  it('e-mails the other party once per conversation in ten minutes, details masked', async () => {
    const { threadId } = await bobEnquires();
    const settings = {
      send: async (email: ListerEmail) => {
        sent.push({ tag: 'message-notification', email });
      },
      publicUrl: 'https://roost.test',
      logger: pino({ level: 'silent' }),
      limitPerHour: 100,
    };
    const start = new Date();
    const before = mailsTo('bob@example.com').length;
    const reply = (body: string, minutes: number) =>
      sendMessage(database.db, settings, {
        threadId,
        userSub: 'lena',
        input: { body },
        now: new Date(start.getTime() + minutes * 60_000),
      });
    expect(await reply('Call me on 07700 900123', 0)).toMatchObject({ isEmailed: true });
    expect(await reply('Or tomorrow morning', 3)).toMatchObject({ isEmailed: false });
    expect(await reply('Still there?', 9)).toMatchObject({ isEmailed: false });
    expect(mailsTo('bob@example.com').length).toBe(before + 1);
    const mail = mailsTo('bob@example.com').at(-1)!.email;
    expect(mail.subject).toMatch(/^New message about /);
    expect(mail.text).toContain('Lena L. sent you a message');
    expect(mail.text).toContain(masked('Call me on 07700 900123'));
    expect(mail.text).not.toContain('07700');
    expect(mail.html).not.toContain('07700');
    expect(mail.text).toContain(`https://roost.test/my-account/messages/${threadId}`);

    expect(await reply('One <b>more</b> thing', 11)).toMatchObject({ isEmailed: true });
    expect(mailsTo('bob@example.com').length).toBe(before + 2);
    expect(mailsTo('bob@example.com').at(-1)!.email.html).toContain('One &lt;b&gt;more&lt;/b&gt;');
  });

  it('sends a reported message, with its conversation, to the moderators', async () => {
    const { threadId } = await bobEnquires();
    await marketplace.messages.send({
      user: lena,
      threadId,
      input: { body: 'Pay a holding deposit by bank transfer first.' },
    });
    const { messages } = await marketplace.messages.read({ user: bob, threadId });
    const [enquiry, lenaMessage] = messages as [(typeof messages)[0], (typeof messages)[0]];
    await expectAppError(
      marketplace.messages.report({
        user: bob,
        messageId: enquiry.id,
        input: { reason: 'scam' },
      }),
      'BAD_REQUEST',
    );
    await expectAppError(
      marketplace.messages.report({ user: bob, messageId: lenaMessage.id, input: {} }),
      'VALIDATION_FAILED',
    );
    await marketplace.messages.report({
      user: bob,
      messageId: lenaMessage.id,
      input: { reason: 'scam', details: 'Wants money before a viewing' },
    });
    await expectAppError(
      marketplace.messages.report({
        user: bob,
        messageId: lenaMessage.id,
        input: { reason: 'scam' },
      }),
      'CONFLICT',
    );
    const queue = await marketplace.moderation.reportedListings({ user: admin });
    // Bob's own report, beside the flag Roost raised itself for the bank-transfer wording.
    const report = queue
      .flatMap((entry) => entry.reports)
      .find((entry) => entry.message && !entry.isFlaggedByRoost);
    expect(report).toMatchObject({
      reason: 'scam',
      details: 'Wants money before a viewing',
      message: {
        id: lenaMessage.id,
        senderRole: 'lister',
        body: 'Pay a holding deposit by bank transfer first.',
      },
    });
    expect(report!.message!.conversation.map((line) => line.senderRole)).toEqual([
      'enquirer',
      'lister',
    ]);
  });

  it('refuses messages from a suspended account, and over the hourly limit', async () => {
    // Cara has sent nothing else this hour; her enquiry counts as her first message.
    const { listingId, threadId } = await bobEnquires('Is it still available?', member('cara'));
    const settings = {
      send: undefined,
      publicUrl: 'https://roost.test',
      logger: pino({ level: 'silent' }),
      limitPerHour: 3,
    };
    const send = (body: string) =>
      sendMessage(database.db, settings, { threadId, userSub: 'cara', input: { body } });
    await send('First follow-up');
    await send('Second follow-up');
    await expectAppError(send('Third follow-up'), 'RATE_LIMITED');
    await expectAppError(send(''), 'VALIDATION_FAILED');

    await database.db
      .update(listings)
      .set({ ownerSuspendedAt: new Date() })
      .where(eq(listings.id, listingId));
    await expectAppError(
      marketplace.messages.send({ user: lena, threadId, input: { body: 'Hello again' } }),
      'FORBIDDEN',
    );
  });

  it('keeps answering enquiries from the listing page, as messages in the thread', async () => {
    const { listingId, threadId } = await bobEnquires();
    const [enquiry] = await marketplace.enquiries.list({ user: lena, listingId });
    await marketplace.enquiries.answer({
      user: lena,
      listingId,
      enquiryId: enquiry!.id,
      input: { reply: 'Yes, Saturday suits.' },
    });
    const thread = await marketplace.messages.read({ user: bob, threadId });
    expect(thread.messages.map((message) => message.text)).toEqual([
      masked('Is the flat still available? Mail me at bob@example.com'),
      'Yes, Saturday suits.',
    ]);
    const [answered] = await marketplace.enquiries.list({ user: lena, listingId });
    expect(answered).toMatchObject({ reply: 'Yes, Saturday suits.' });
  });
});

describe('the migration of saved enquiries', () => {
  it('turns each enquiry, and its answer, into a thread', async () => {
    const listingId = await insertListing(database.db, { ownerSub: 'lena' });
    const asked = new Date('2026-01-10T10:00:00Z');
    const answered = new Date('2026-01-10T12:00:00Z');
    // Enquiries as they were saved before threads existed (no thread rows).
    const rows = await database.db
      .insert(enquiries)
      .values([
        {
          listingId,
          senderSub: 'bob',
          name: 'Bob Buyer',
          email: 'bob@example.com',
          message: 'Old question',
          senderHash: 'x',
          reply: 'Old answer',
          repliedAt: answered,
          createdAt: asked,
        },
        {
          listingId,
          name: 'Ann Other',
          email: 'ann@example.com',
          message: 'Unanswered question',
          senderHash: 'y',
          createdAt: asked,
        },
      ])
      .returning({ id: enquiries.id });
    const migration = await fs.readFile(
      new URL('../../../db/migrations/market/0025_message_threads.sql', import.meta.url),
      'utf8',
    );
    const dataPart = migration.slice(migration.indexOf('-- Every enquiry already saved'));
    // Run on these enquiries only: the others in this database already have threads.
    for (const statement of dataPart.split('--> statement-breakpoint')) {
      await database.db.execute(sql.raw(scopedToEnquiries(statement, rows)));
    }
    const threads = await database.db
      .select()
      .from(messageThreads)
      .where(eq(messageThreads.listingId, listingId));
    expect(threads).toHaveLength(2);
    const old = threads.find((thread) => thread.enquiryId === rows[0]!.id)!;
    expect(old).toMatchObject({ enquirerSub: 'bob', listerSub: 'lena', lastSenderRole: 'lister' });
    const thread = await marketplace.messages.read({ user: bob, threadId: old.id });
    expect(thread.messages.map((message) => [message.isMine, message.text])).toEqual([
      [true, 'Old question'],
      [false, 'Old answer'],
    ]);
    const other = threads.find((thread) => thread.enquiryId === rows[1]!.id)!;
    expect(other).toMatchObject({ enquirerSub: null, lastSenderRole: 'enquirer' });
    const lenaView = await marketplace.messages.read({ user: lena, threadId: other.id });
    expect(lenaView.messages.map((message) => message.text)).toEqual(['Unanswered question']);
  });
});

/** One of the migration's statements, limited to these enquiries. */
function scopedToEnquiries(statement: string, rows: { id: number }[]): string {
  const condition = `e."id" IN (${rows.map((row) => row.id).join(', ')})`;
  const body = statement.trim().replace(/;$/, '');
  return body.includes('WHERE')
    ? body.replace('WHERE', `WHERE ${condition} AND`)
    : `${body} WHERE ${condition}`;
}
