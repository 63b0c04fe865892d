import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { AppError } from '../../http/app-error.ts';
import { createLogger } from '../../logger.ts';
import { contactMessages } from './schema.ts';
import { submitContactMessage, type OperatorEmail } from './submit-contact-message.ts';

let database: TestDatabase;
const logger = createLogger({ logLevel: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const valid = {
  name: '  Priya Shah ',
  email: 'Priya@Example.co.uk',
  phone: '07700 900982',
  topic: 'listing',
  message: 'My photos are not showing on my flat in Leeds. Could you help?',
};

function submit(
  input: unknown,
  overrides: Partial<Parameters<typeof submitContactMessage>[1]> = {},
) {
  return submitContactMessage(database.db, {
    input,
    senderIp: '203.0.113.10',
    operatorEmail: 'hello@roost.example',
    limitPerHour: 3,
    send: undefined,
    logger,
    ...overrides,
  });
}

describe('submitContactMessage', () => {
  it('stores the message, then e-mails it to the operator with a reply-to', async () => {
    const sent: OperatorEmail[] = [];
    const result = await submit(valid, {
      send: async (email) => {
        sent.push(email);
      },
      senderIp: '198.51.100.1',
    });
    expect(result.isEmailed).toBe(true);
    const [row] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, result.id));
    expect(row).toMatchObject({
      name: 'Priya Shah',
      email: 'priya@example.co.uk',
      topic: 'listing',
    });
    expect(row!.emailedAt).toBeInstanceOf(Date);
    expect(row!.senderHash).not.toContain('198.51.100.1');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'hello@roost.example', replyTo: 'priya@example.co.uk' });
    expect(sent[0]!.subject).toContain('Help with my listing');
    expect(sent[0]!.text).toContain('My photos are not showing');
  });

  it('escapes what the sender wrote in the HTML e-mail', async () => {
    const sent: OperatorEmail[] = [];
    await submit(
      { ...valid, name: '<b>Eve</b>', message: 'Hello <script>alert(1)</script> & goodbye' },
      { senderIp: '198.51.100.3', send: async (email) => void sent.push(email) },
    );
    expect(sent[0]!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; goodbye');
    expect(sent[0]!.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(sent[0]!.html).not.toContain('<script>');
  });

  it('keeps the message when the e-mail fails', async () => {
    const result = await submit(
      { ...valid, email: 'mail-fails@example.co.uk' },
      {
        senderIp: '198.51.100.2',
        send: async () => {
          throw new Error('SMTP down');
        },
      },
    );
    expect(result.isEmailed).toBe(false);
    const [row] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, result.id));
    expect(row!.emailedAt).toBeNull();
  });

  it('returns field errors for invalid input and stores nothing', async () => {
    const before = await database.db.$count(contactMessages);
    const error = await submit({
      name: '',
      email: 'not-an-email',
      topic: 'other',
      message: 'short',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('VALIDATION_FAILED');
    expect((error as AppError).fields).toEqual({
      name: 'Enter your name',
      email: 'Enter an e-mail address in the correct format, like name@example.co.uk',
      topic: 'Choose what your message is about',
      message: 'Your message must be at least 10 characters',
    });
    expect(await database.db.$count(contactMessages)).toBe(before);
  });

  it('rate-limits a sender after the hourly limit, whatever address they use', async () => {
    for (let index = 0; index < 3; index += 1) {
      await submit({ ...valid, email: `sender${index}@example.co.uk` }, { senderIp: '192.0.2.77' });
    }
    const error = await submit(
      { ...valid, email: 'sender9@example.co.uk' },
      { senderIp: '192.0.2.77' },
    ).catch((caught: unknown) => caught);
    expect((error as AppError).code).toBe('RATE_LIMITED');
    // Answered 429 with Retry-After: within the hour, when the first message leaves the window.
    const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds ?? 0;
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const other = await submit(
      { ...valid, email: 'neighbour@example.co.uk' },
      { senderIp: '192.0.2.78' },
    );
    expect(other.id).toBeGreaterThan(0);
  });

  it('counts only the last hour', async () => {
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (let index = 0; index < 3; index += 1) {
      await submit(
        { ...valid, email: 'old@example.co.uk' },
        { senderIp: '192.0.2.90', now: longAgo },
      );
    }
    const fresh = await submit(
      { ...valid, email: 'old@example.co.uk' },
      { senderIp: '192.0.2.90' },
    );
    expect(fresh.id).toBeGreaterThan(0);
  });
});
