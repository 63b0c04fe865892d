import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../domain/session-user.ts';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { expectAppError, member } from '../../../tests/support/listing-world.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createTestMarketplace, type SentMail } from '../../../tests/support/test-marketplace.ts';
import type { Marketplace } from '../marketplace.ts';
import { viewings } from './schema.ts';
import { exportUserData } from '../admin-users/user-records.ts';
import { sendViewingReminders } from './viewing-reminders.ts';
import type { ListerEmail } from '../enquiries/submit-enquiry.ts';

let database: TestDatabase;
let marketplace: Marketplace;
let sent: SentMail[];
const lena = { ...member('lena'), name: 'Lena Lister' } as SessionUser;
const bob = { ...member('bob'), name: 'Bob Buyer' } as SessionUser;
const eve = member('eve');
/** Monday 4 March 2030, 08:00 UTC: every test books from the same moment. */
const now = new Date('2030-03-04T08:00:00Z');
const weekdays = { 'from-1': '10:00', 'to-1': '12:00', 'from-2': '10:00', 'to-2': '12:00' };
const choices = { slotMinutes: '30', gapMinutes: '0', bookAheadDays: '14' };

beforeAll(async () => {
  database = await createTestDatabase();
  ({ marketplace, sent } = createTestMarketplace(database.db));
});
afterAll(() => database.destroy());

/** A listing of Lena's taking viewings on Monday and Tuesday mornings. */
async function lenasHome() {
  const listingId = await insertListing(database.db, {
    ownerSub: 'lena',
    contactEmail: 'lena@example.com',
  });
  await marketplace.viewings.saveAvailability({
    user: lena,
    listingId,
    input: { ...choices, ...weekdays },
  });
  return listingId;
}

const icsOf = (email: ListerEmail) =>
  email.attachments?.find((file) => file.filename.endsWith('.ics'));
const mailSince = (start: number) => sent.slice(start).map(({ email }) => email);

describe('availability', () => {
  it('is set and read by the listing’s owner only', async () => {
    const listingId = await lenasHome();
    const own = await marketplace.viewings.availability({ user: lena, listingId });
    expect(own.availability.weekly).toEqual([
      { weekday: 1, from: '10:00', to: '12:00' },
      { weekday: 2, from: '10:00', to: '12:00' },
    ]);
    await expectAppError(marketplace.viewings.availability({ user: eve, listingId }), 'NOT_FOUND');
    await expectAppError(
      marketplace.viewings.saveAvailability({ user: eve, listingId, input: choices }),
      'NOT_FOUND',
    );
    await expectAppError(
      marketplace.viewings.saveAvailability({
        user: lena,
        listingId,
        input: { ...choices, 'from-3': '11:00' },
      }),
      'VALIDATION_FAILED',
    );
  });

  it('gives free slots in UK time, from an hour ahead, none on days off', async () => {
    const listingId = await lenasHome();
    await marketplace.viewings.saveAvailability({
      user: lena,
      listingId,
      input: { ...choices, ...weekdays, datesOff: '2030-03-05' },
    });
    const slots = await marketplace.viewings.freeSlots({ listingId, now });
    expect(slots[0]!.startsAt.toISOString()).toBe('2030-03-04T10:00:00.000Z');
    expect(slots.some((slot) => slot.startsAt.toISOString().startsWith('2030-03-05'))).toBe(false);
    // After the clocks go forward (31 March 2030) 10:00 in London is 09:00 UTC.
    expect(slots.map((slot) => slot.startsAt.toISOString())).toContain('2030-03-11T10:00:00.000Z');
  });
});

describe('booking', () => {
  it('books a free slot, e-mails both sides an .ics, and shows it to each side only', async () => {
    const listingId = await lenasHome();
    const start = sent.length;
    const viewing = await marketplace.viewings.book({
      user: bob,
      listingId,
      input: { startsAt: '2030-03-04T10:30:00.000Z', note: 'I will bring my partner.' },
      now,
    });
    expect(viewing.status).toBe('booked');
    const mail = mailSince(start);
    expect(mail.map((email) => email.to).sort()).toEqual(['bob@example.com', 'lena@example.com']);
    for (const email of mail) {
      expect(email.subject).toMatch(/^Viewing booked: .*Monday 4 March 2030, 10:30 to 11:00/);
      const ics = icsOf(email)!.content;
      expect(ics).toContain('BEGIN:VEVENT');
      expect(ics).toContain('DTSTART:20300304T103000Z');
      expect(ics).toContain(`UID:viewing-${viewing.id}@roost.test`);
    }
    const slots = await marketplace.viewings.freeSlots({ listingId, now });
    expect(slots.map((slot) => slot.startsAt.toISOString())).not.toContain(
      '2030-03-04T10:30:00.000Z',
    );
    const forLena = await marketplace.viewings.upcoming({ user: lena, now });
    expect(forLena.find((item) => item.id === viewing.id)).toMatchObject({
      side: 'lister',
      bookerName: 'Bob Buyer',
      note: 'I will bring my partner.',
    });
    const forBob = await marketplace.viewings.upcoming({ user: bob, now });
    expect(forBob.find((item) => item.id === viewing.id)).toMatchObject({
      side: 'booker',
      bookerName: null,
    });
    expect(await marketplace.viewings.upcoming({ user: eve, now })).toEqual([]);
    // Each side's data export holds it: as booked, and as a viewing of her home.
    const bobs = await exportUserData(database.db, undefined, 'bob', 'https://roost.test');
    expect(bobs.viewingsBooked.map((row) => row.id)).toContain(viewing.id);
    const lenas = await exportUserData(database.db, undefined, 'lena', 'https://roost.test');
    expect(lenas.viewingsOfYourHomes.map((row) => row.id)).toContain(viewing.id);
  });

  it('refuses a time that is not a free slot, and the lister booking their own home', async () => {
    const listingId = await lenasHome();
    await expectAppError(
      marketplace.viewings.book({
        user: bob,
        listingId,
        input: { startsAt: '2030-03-04T10:10:00.000Z' },
        now,
      }),
      'CONFLICT',
    );
    await expectAppError(
      marketplace.viewings.book({ user: bob, listingId, input: { startsAt: 'soon' }, now }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      marketplace.viewings.book({
        user: lena,
        listingId,
        input: { startsAt: '2030-03-04T10:00:00.000Z' },
        now,
      }),
      'FORBIDDEN',
    );
  });

  it('lets exactly one of many people booking the same slot at once have it', async () => {
    const listingId = await lenasHome();
    const people = Array.from({ length: 12 }, (_, index) => member(`racer-${index}`));
    const results = await Promise.allSettled(
      people.map((user) =>
        marketplace.viewings.book({
          user,
          listingId,
          input: { startsAt: '2030-03-05T11:00:00.000Z' },
          now,
        }),
      ),
    );
    const won = results.filter((result) => result.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected')
        expect((result.reason as { code: string }).code).toBe('CONFLICT');
    }
    const rows = await database.db.select().from(viewings).where(eq(viewings.listingId, listingId));
    expect(rows.filter((row) => row.status === 'booked')).toHaveLength(1);
  });

  it('limits how many viewings one person books in an hour', async () => {
    const listingId = await lenasHome();
    const busy = member('busy');
    const times = ['10:00', '10:30', '11:00', '11:30'].flatMap((time) =>
      ['2030-03-11', '2030-03-12'].map((day) => new Date(`${day}T${time}:00Z`)),
    );
    // After 31 March the hours move; these days are all GMT.
    for (const startsAt of times.slice(0, 6)) {
      await marketplace.viewings.book({
        user: busy,
        listingId,
        input: { startsAt: startsAt.toISOString() },
        now,
      });
    }
    await expectAppError(
      marketplace.viewings.book({
        user: busy,
        listingId,
        input: { startsAt: times[6]!.toISOString() },
        now,
      }),
      'RATE_LIMITED',
    );
  });
});

describe('cancelling and moving', () => {
  it('lets the booker cancel their own, tells the lister, and frees the slot', async () => {
    const listingId = await lenasHome();
    const viewing = await marketplace.viewings.book({
      user: bob,
      listingId,
      input: { startsAt: '2030-03-04T11:00:00.000Z' },
      now,
    });
    await expectAppError(
      marketplace.viewings.cancel({ user: eve, viewingId: viewing.id }),
      'NOT_FOUND',
    );
    const start = sent.length;
    await marketplace.viewings.cancel({ user: bob, viewingId: viewing.id });
    const mail = mailSince(start);
    expect(mail.map((email) => email.to)).toEqual(['lena@example.com']);
    expect(mail[0]!.subject).toMatch(/^Viewing cancelled/);
    expect(icsOf(mail[0]!)!.content).toContain('METHOD:CANCEL');
    await expectAppError(
      marketplace.viewings.cancel({ user: bob, viewingId: viewing.id }),
      'CONFLICT',
    );
    const again = await marketplace.viewings.book({
      user: eve,
      listingId,
      input: { startsAt: '2030-03-04T11:00:00.000Z' },
      now,
    });
    expect(again.status).toBe('booked');
  });

  it('lets the lister move a viewing to a free slot only, and tells the booker', async () => {
    const listingId = await lenasHome();
    const viewing = await marketplace.viewings.book({
      user: bob,
      listingId,
      input: { startsAt: '2030-03-05T10:00:00.000Z' },
      now,
    });
    await marketplace.viewings.book({
      user: eve,
      listingId,
      input: { startsAt: '2030-03-05T10:30:00.000Z' },
      now,
    });
    await expectAppError(
      marketplace.viewings.move({
        user: lena,
        viewingId: viewing.id,
        input: { startsAt: '2030-03-05T10:30:00.000Z' },
        now,
      }),
      'CONFLICT',
    );
    await expectAppError(
      marketplace.viewings.move({
        user: eve,
        viewingId: viewing.id,
        input: { startsAt: '2030-03-05T11:30:00.000Z' },
        now,
      }),
      'NOT_FOUND',
    );
    const start = sent.length;
    const moved = await marketplace.viewings.move({
      user: lena,
      viewingId: viewing.id,
      input: { startsAt: '2030-03-05T11:30:00.000Z' },
      now,
    });
    expect(moved.startsAt.toISOString()).toBe('2030-03-05T11:30:00.000Z');
    expect(moved.sequence).toBe(1);
    const mail = mailSince(start);
    expect(mail.map((email) => email.to)).toEqual(['bob@example.com']);
    expect(mail[0]!.subject).toMatch(/^Viewing moved/);
    expect(icsOf(mail[0]!)!.content).toContain('SEQUENCE:1');
  });
});

describe('reminders', () => {
  it('reminds both sides once, the day before', async () => {
    const listingId = await lenasHome();
    const viewing = await marketplace.viewings.book({
      user: bob,
      listingId,
      input: { startsAt: '2030-03-12T11:30:00.000Z' },
      now,
    });
    const send = async (email: ListerEmail) => {
      reminders.push(email);
    };
    const reminders: ListerEmail[] = [];
    const run = (at: string) =>
      sendViewingReminders(database.db, {
        send,
        publicUrl: 'https://roost.test',
        logger: pino({ level: 'silent' }),
        now: new Date(at),
      });
    await run('2030-03-11T10:29:00Z'); // over 25 hours before: not yet
    const isThis = (email: ListerEmail) => icsOf(email)!.content.includes(`viewing-${viewing.id}@`);
    expect(reminders.filter(isThis)).toHaveLength(0);
    await Promise.all([run('2030-03-11T12:00:00Z'), run('2030-03-11T12:00:00Z')]);
    await run('2030-03-11T13:00:00Z');
    const mine = reminders.filter((email) =>
      icsOf(email)!.content.includes(`viewing-${viewing.id}@`),
    );
    expect(mine.map((email) => email.to).sort()).toEqual(['bob@example.com', 'lena@example.com']);
    expect(mine[0]!.subject).toMatch(/^Reminder: viewing tomorrow/);
  });
});
