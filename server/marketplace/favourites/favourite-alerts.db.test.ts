import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { member } from '../../../tests/support/listing-world.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import type { Message } from '../../mail/mailer.ts';
import { changeListingPrice } from '../listings/change-listing-price.ts';
import { changeListingStatus } from '../listings/change-listing-status.ts';
import { deleteListing } from '../listings/delete-listing.ts';
import { listingPriceHistory } from '../listings/schema.ts';
import { createFavouritesService } from './favourites-service.ts';
import { createFavouriteAlertToken } from './favourite-alert-token.ts';
import {
  DIGEST_WAIT_MS,
  runFavouriteAlerts,
  type FavouriteAlertDeps,
} from './send-favourite-alerts.ts';

const secret = Buffer.from('a-test-secret-that-is-long-enough-for-hmac');
let database: TestDatabase;
let deps: FavouriteAlertDeps;
let service: ReturnType<typeof createFavouritesService>;
let sent: Extract<Message, { channel: 'email' }>[] = [];
let sequence = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = {
    db: database.db,
    send: async (message) => {
      if (message.channel === 'email') sent.push(message);
    },
    publicUrl: () => 'https://roost.example',
    secret,
  };
  service = createFavouritesService({ db: database.db, secret });
});
afterAll(() => database.destroy());
beforeEach(() => {
  sent = [];
});

/** A saver with a saved home of their own, listed by its own lister (sale unless told). */
async function savedHome(channel: 'sale' | 'rent' = 'sale') {
  sequence += 1;
  const saver = member(`saver-${sequence}`);
  const lister = `lister-${sequence}`;
  const listingId = await insertListing(database.db, {
    ownerSub: lister,
    channel,
    price: channel === 'sale' ? 250_000 : 1_200,
    rentPeriod: channel === 'rent' ? 'month' : null,
    title: `Saved home ${sequence}`,
    addressLine1: `${sequence} Alert Road`,
  });
  // Publishing records the first asking price; a change is told against it.
  await database.db.insert(listingPriceHistory).values({
    listingId,
    price: channel === 'sale' ? 250_000 : 1_200,
    changedAt: new Date(Date.now() - 86_400_000),
  });
  await service.add({ user: saver, listingId });
  const mailsTo = () => sent.filter((mail) => mail.to === saver.email);
  const price = (value: number) =>
    changeListingPrice(database.db, { listingId, userSub: lister, input: { price: value } });
  const status = (value: string) =>
    changeListingStatus(database.db, { listingId, userSub: lister, input: { status: value } });
  return { saver, lister, listingId, mailsTo, price, status };
}

describe('alerts about saved homes', () => {
  it('e-mails a reduction once only, however often the job runs', async () => {
    const home = await savedHome();
    await home.price(240_000);
    await runFavouriteAlerts(deps);
    await runFavouriteAlerts(deps);
    expect(home.mailsTo()).toHaveLength(1);
    const [mail] = home.mailsTo();
    expect(mail!.text).toContain('Reduced by £10,000 to £240,000');
    expect(mail!.text).toContain(`Saved home`);
    expect(mail!.html).toContain(`/property/${home.listingId}/`);
    expect(mail!.headers?.['List-Unsubscribe']).toMatch(
      /\/favourites\/unsubscribe\?token=reduced\./,
    );
  });

  it('does not e-mail a price rise', async () => {
    const home = await savedHome();
    await home.price(260_000);
    await runFavouriteAlerts(deps);
    expect(home.mailsTo()).toHaveLength(0);
  });

  it('e-mails under offer, sold STC, let agreed and withdrawal', async () => {
    const sale = await savedHome();
    await sale.status('under_offer');
    await runFavouriteAlerts(deps);
    expect(sale.mailsTo().map((mail) => mail.text)).toEqual([
      expect.stringContaining('Now under offer'),
    ]);
    await sale.status('sold_stc');
    await runFavouriteAlerts(deps);
    expect(sale.mailsTo()[1]!.text).toContain('Now sold subject to contract');

    const rent = await savedHome('rent');
    await rent.status('let_agreed');
    await rent.price(1_100);
    await runFavouriteAlerts(deps);
    expect(rent.mailsTo()).toHaveLength(1);
    expect(rent.mailsTo()[0]!.text).toContain('Let agreed');
    expect(rent.mailsTo()[0]!.text).toContain('Reduced by £100 pcm to £1,100 pcm');

    const gone = await savedHome();
    await deleteListing(database.db, { listingId: gone.listingId, userSub: gone.lister });
    await runFavouriteAlerts(deps);
    await runFavouriteAlerts(deps);
    expect(gone.mailsTo()).toHaveLength(1);
    const [mail] = gone.mailsTo();
    expect(mail!.text).toContain('No longer available');
    // A home off Roost is named by street and town only, never its title.
    expect(mail!.text).not.toContain('Saved home');
    expect(mail!.text).toContain('Alert Road');
  });

  it("sends nothing for a kind set to 'Never'", async () => {
    const home = await savedHome();
    await service.setAlertSettings({
      user: home.saver,
      input: { reduced: 'off', under_offer: 'instant', let_agreed: 'instant', withdrawn: 'off' },
    });
    await home.price(200_000);
    await runFavouriteAlerts(deps);
    expect(home.mailsTo()).toHaveLength(0);
    await home.status('under_offer');
    await runFavouriteAlerts(deps);
    expect(home.mailsTo()).toHaveLength(1);
  });

  it('gathers daily changes into one summary after a day', async () => {
    const home = await savedHome();
    const other = await savedHome();
    // The second home is saved by the same person.
    await service.add({ user: home.saver, listingId: other.listingId });
    await service.setAlertSettings({
      user: home.saver,
      input: { reduced: 'daily', under_offer: 'daily', let_agreed: 'daily', withdrawn: 'daily' },
    });
    await home.price(230_000);
    await other.status('under_offer');
    await runFavouriteAlerts(deps);
    expect(home.mailsTo()).toHaveLength(0);
    const tomorrow = new Date(Date.now() + DIGEST_WAIT_MS + 60_000);
    await runFavouriteAlerts(deps, tomorrow);
    await runFavouriteAlerts(deps, tomorrow);
    expect(home.mailsTo()).toHaveLength(1);
    const [digest] = home.mailsTo();
    expect(digest!.subject).toContain('daily summary: 2 updates');
    expect(digest!.text).toContain('Reduced by £20,000 to £230,000');
    expect(digest!.text).toContain('Now under offer');
    expect(digest!.text).toMatch(/token=reduced\./);
    expect(digest!.text).toMatch(/token=under_offer\./);
  });

  it("tells only the home's savers", async () => {
    const home = await savedHome();
    const bystander = member(`bystander-${sequence}`);
    await service.merge({ user: bystander, ids: [] });
    await home.price(100_000);
    await runFavouriteAlerts(deps);
    expect(home.mailsTo()).toHaveLength(1);
    expect(sent.filter((mail) => mail.to === bystander.email)).toHaveLength(0);
  });

  it('does not tell a change made before the home was saved, or after it was removed', async () => {
    const home = await savedHome();
    await service.remove({ user: home.saver, listingId: home.listingId });
    await home.price(150_000);
    await runFavouriteAlerts(deps);
    expect(home.mailsTo()).toHaveLength(0);
    await service.add({ user: home.saver, listingId: home.listingId });
    await runFavouriteAlerts(deps);
    expect(home.mailsTo()).toHaveLength(0);
  });

  it('turns off one kind from its signed link, and refuses a tampered one', async () => {
    const home = await savedHome();
    const token = createFavouriteAlertToken(secret, {
      userSub: home.saver.userId,
      kind: 'reduced',
    });
    const tampered = token.replace(
      /\.([\w-])([\w-]{42})$/,
      (_, first: string, rest: string) => `.${first === 'x' ? 'y' : 'x'}${rest}`,
    );
    expect(tampered).not.toBe(token);
    expect(service.alertTokenKind({ token: tampered })).toBeUndefined();
    expect(await service.unsubscribeAlert({ token: tampered })).toBeUndefined();
    // Another account's token does not turn this one's off.
    const forged = token.replace(
      /^reduced\.[\w-]+\./,
      `reduced.${Buffer.from('someone').toString('base64url')}.`,
    );
    expect(await service.unsubscribeAlert({ token: forged })).toBeUndefined();
    expect(await service.alertSettings({ user: home.saver })).toMatchObject({ reduced: 'instant' });

    expect(await service.unsubscribeAlert({ token })).toBe('is reduced in price');
    expect(await service.alertSettings({ user: home.saver })).toEqual({
      reduced: 'off',
      under_offer: 'instant',
      let_agreed: 'instant',
      withdrawn: 'instant',
    });
    await home.price(200_000);
    await home.status('under_offer');
    await runFavouriteAlerts(deps);
    expect(home.mailsTo()).toHaveLength(1);
    expect(home.mailsTo()[0]!.text).not.toContain('Reduced by');
    expect(home.mailsTo()[0]!.text).toContain('Now under offer');
  });
});
