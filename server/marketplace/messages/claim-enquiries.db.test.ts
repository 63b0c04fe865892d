import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../domain/session-user.ts';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { member } from '../../../tests/support/listing-world.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createTestMarketplace, type SentMail } from '../../../tests/support/test-marketplace.ts';
import { rememberLister } from '../listings/lister-profile.ts';
import type { Marketplace } from '../marketplace.ts';

let database: TestDatabase;
let marketplace: Marketplace;
let sent: SentMail[];
const lena = { ...member('lena'), name: 'Lena Lister' } as SessionUser;
const sam = (overrides: Partial<SessionUser> = {}) =>
  ({
    ...member('sam'),
    email: 'Sam@Example.com',
    isEmailVerified: true,
    ...overrides,
  }) as SessionUser;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ marketplace, sent } = createTestMarketplace(database.db));
  await rememberLister(database.db, { sub: 'lena', name: 'Lena Lister' });
});
afterAll(() => database.destroy());

/** Sam enquires signed out, and Lena answers on Roost. */
async function signedOutEnquiry() {
  const listingId = await insertListing(database.db, {
    ownerSub: 'lena',
    contactEmail: 'lena@example.com',
  });
  await marketplace.enquiries.submit({
    user: null,
    listingId,
    input: { name: 'Sam Seeker', email: 'sam@example.com', message: 'Is the flat still free?' },
    ip: '198.51.100.7',
  });
  const [thread] = await marketplace.messages.list({ user: lena });
  await marketplace.messages.send({
    user: lena,
    threadId: thread!.id,
    input: { body: 'Yes it is.' },
  });
  return thread!.id;
}

describe('an enquiry sent signed out', () => {
  it('asks its sender to sign in with their address, which joins them to the conversation', async () => {
    const threadId = await signedOutEnquiry();
    const mail = sent.filter((entry) => entry.tag === 'message-notification').at(-1)!.email;
    expect(mail.to).toBe('sam@example.com');
    expect(mail.text).toContain(
      `sign in to Roost (or create a free account) with this e-mail address: https://roost.test/my-account/messages/${threadId}`,
    );

    // Someone with the address unconfirmed, or another address, gets nothing.
    await expect(
      marketplace.messages.list({ user: sam({ isEmailVerified: false }) }),
    ).resolves.toEqual([]);
    await expect(
      marketplace.messages.list({ user: sam({ userId: 'other', email: 'other@example.com' }) }),
    ).resolves.toEqual([]);

    const [summary] = await marketplace.messages.list({ user: sam() });
    expect(summary).toMatchObject({ id: threadId, role: 'enquirer' });
    const thread = await marketplace.messages.read({ user: sam(), threadId });
    expect(thread.messages.map((message) => message.text)).toEqual([
      'Is the flat still free?',
      'Yes it is.',
    ]);
    await marketplace.messages.send({ user: sam(), threadId, input: { body: 'Can I view it?' } });
    const forLena = await marketplace.messages.read({ user: lena, threadId });
    expect(forLena.messages.at(-1)).toMatchObject({ text: 'Can I view it?' });
  });

  it('is opened from its link straight after signing in', async () => {
    const threadId = await signedOutEnquiry();
    const other = sam({ userId: 'sam-2', email: 'sam@example.com' });
    // A fresh account with the address: the first thing it opens is the e-mail's link.
    await expect(marketplace.messages.read({ user: other, threadId })).resolves.toMatchObject({
      messages: [expect.objectContaining({ text: 'Is the flat still free?' }), expect.anything()],
    });
  });
});
