import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ChangePasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import type { SessionUser } from '../../domain/session-user.ts';
import { addDays, londonToday } from '../../domain/dates.ts';
import { password, passwordSignIn } from '../../identity/admin-test-support.ts';
import { startTestIdentity } from '../../identity/test-support.ts';
import { createIdentityAdmin } from '../../server/identity-admin/identity-admin.ts';
import { createLocalBlobStore } from '../../server/media/blob-store.ts';
import { DEFAULT_IMAGE_LIMITS } from '../../server/media/process-image.ts';
import { createMarketplace, type Marketplace } from '../../server/marketplace/marketplace.ts';
import { DEFAULT_SUPPLIER } from '../../server/marketplace/payments/payments-config.ts';
import { createTestProvider } from '../../server/marketplace/payments/stand-in-provider.ts';
import { messageThreads } from '../../server/marketplace/messages/schema.ts';
import { insertListing } from './listing-factory.ts';
import { photo, rentSteps } from './listing-world.ts';
import { signUp, signUpInPublic } from './pool-accounts.ts';

/** The words each feature stored for Zephyrine: every one must be gone after her erasure. */
export const ZEPHYRINE = {
  email: 'zephyrine.quarrington@roost.test',
  name: 'Zephyrine Quarrington',
  phone: '+447700900417',
  texts: {
    listing: 'Sunroom beside the kestrel meadow and the quince orchard',
    draft: 'Half-written advert about the marmalade lighthouse',
    enquiry: 'Could I see it near the tangerine bandstand please?',
    message: 'My cousin keeps a heron called Pemberton',
    reply: 'Viewings happen by the periwinkle gate',
    note: 'Lovely cobalt pantry worth a second look',
    savedSearch: 'Flats near the saffron viaduct',
    report: 'The photos show the wrong albatross cottage',
    messageReport: 'This message mentions a suspicious walrus payment',
    contact: 'Please look at my velvet lampshade question',
    appeal: 'My advert follows the rules about the pelican pond',
    viewing: 'I will come by bicycle past the juniper roundabout',
  },
};

/** The other party's texts, which erasing Zephyrine must leave alone. */
export const BASIL_TEXTS = {
  enquiry: 'Is the sunroom still free for the winter months?',
  message: 'Thanks, the gooseberry hedge sounds lovely',
};

const WEBHOOK_SECRET = 'whsec_erasuresweepsecret';

/**
 * The embedded user pool and the marketplace on one database (as `npm start` runs them), with
 * the built-in test payment provider, photos in a temporary blob store and an administrator.
 */
export async function startErasureWorld() {
  const identity = await startTestIdentity();
  const blobRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'roost-erasure-blobs-'));
  const identityAdmin = createIdentityAdmin({
    admin: identity.admin,
    public: identity.publicClient(),
    userPoolId: identity.service.config.userPoolId,
    clientId: identity.service.config.clientId,
  });
  const db = identity.database.db;
  const provider = createTestProvider({
    db,
    // Straight to the webhook handler, signed as Stripe signs, as the HTTP route would pass it.
    deliver: async ({ body, signature }) => {
      await marketplace.payments.handleWebhook({ rawBody: Buffer.from(body), signature });
    },
    logger: pino({ level: 'silent' }),
    isProduction: false,
    isTestModeAllowed: false,
    webhookSecret: WEBHOOK_SECRET,
  });
  const blobs = createLocalBlobStore(blobRoot);
  const marketplace: Marketplace = createMarketplace({
    db,
    logger: pino({ level: 'silent' }),
    publicUrl: 'https://roost.test',
    identityAdmin: () => identityAdmin,
    media: {
      blobs,
      limits: DEFAULT_IMAGE_LIMITS,
      maxPhotos: 5,
    },
    payments: { provider, supplier: DEFAULT_SUPPLIER },
    secret: Buffer.from('erasure-sweep-secret-erasure-sweep-secret'),
    mail: () => async () => {},
  });
  // The offline geocoder places a postcode at the centre of listings already in its district.
  await insertListing(db, { outcode: 'LS6', postcode: 'LS6 1AA', lat: 53.82, lng: -1.57 });
  const admin = await signUp(identity, {
    email: 'ada.admin@roost.test',
    name: 'Ada Admin',
    groups: ['admins'],
  });
  return {
    identity,
    marketplace,
    db,
    admin,
    blobs,
    async stop() {
      await identity.stop();
      await fs.rm(blobRoot, { recursive: true, force: true });
    },
  };
}

export type ErasureWorld = Awaited<ReturnType<typeof startErasureWorld>>;

/** A published rent listing of `owner`'s with `description` and photos `widths` wide. */
async function publishListing(
  world: ErasureWorld,
  owner: SessionUser,
  description: string,
  widths: number[],
) {
  const { marketplace } = world;
  const draft = await marketplace.listings.startDraft({ user: owner, clientIp: '198.51.100.7' });
  for (const [step, fields] of rentSteps) {
    const withText = step === 3 ? { ...fields, description } : fields;
    await marketplace.listings.saveDraftStep({
      user: owner,
      draftId: draft.id,
      step,
      fields: withText,
      nextStep: step + 1,
    });
  }
  for (const width of widths) {
    const bytes = await photo(width, 480);
    await marketplace.media.add({ user: owner, draftId: draft.id, kind: 'photo', bytes });
  }
  return (await marketplace.listings.publishDraft({ user: owner, draftId: draft.id })).id;
}

async function threadOf(world: ErasureWorld, listingId: number) {
  const [thread] = await world.db
    .select()
    .from(messageThreads)
    .where(eq(messageThreads.listingId, listingId));
  return thread!.id;
}

interface Parties {
  world: ErasureWorld;
  zephyrine: SessionUser;
  basil: SessionUser;
  /** Her listing and Basil's. */
  hers: number;
  basils: number;
}

/** She signs up in public and signs in, changes her password, and leaves a draft half-done. */
async function signsUpAndDrafts(world: ErasureWorld) {
  const { marketplace, identity } = world;
  const z = ZEPHYRINE;
  const zephyrine = await signUpInPublic(identity, z);
  const signedIn = await passwordSignIn(identity, identity.publicClient(), z.email);
  await identity.publicClient().send(
    new ChangePasswordCommand({
      AccessToken: signedIn.AuthenticationResult!.AccessToken!,
      PreviousPassword: password,
      ProposedPassword: password,
    }),
  );
  const unfinished = await marketplace.listings.startDraft({ user: zephyrine, clientIp: '::1' });
  await marketplace.listings.saveDraftStep({
    user: zephyrine,
    draftId: unfinished.id,
    step: 3,
    fields: { ...rentSteps[2]![1], description: z.texts.draft },
  });
  return zephyrine;
}

/** Each enquires about the other's listing (hers with a viewing request); both write back. */
async function converse({ world, zephyrine, basil, hers, basils }: Parties) {
  const { marketplace } = world;
  const z = ZEPHYRINE;
  await marketplace.enquiries.submit({
    user: zephyrine,
    listingId: basils,
    input: {
      name: z.name,
      email: z.email,
      phone: z.phone,
      message: z.texts.enquiry,
      wantsViewing: true,
      viewingTimes: [{ date: addDays(londonToday(), 3), period: 'morning' }],
    },
    ip: '203.0.113.9',
  });
  const asker = await threadOf(world, basils);
  await marketplace.messages.send({
    user: basil,
    threadId: asker,
    input: { body: BASIL_TEXTS.message },
  });
  await marketplace.messages.send({
    user: zephyrine,
    threadId: asker,
    input: { body: z.texts.message },
  });
  await marketplace.enquiries.submit({
    user: basil,
    listingId: hers,
    input: { name: 'Basil Other', email: 'basil.other@roost.test', message: BASIL_TEXTS.enquiry },
    ip: '203.0.113.10',
  });
  const [received] = await marketplace.enquiries.list({ user: zephyrine, listingId: hers });
  await marketplace.enquiries.answer({
    user: zephyrine,
    listingId: hers,
    enquiryId: received!.id,
    input: { reply: z.texts.reply },
  });
  return asker;
}

/** Favourite with a note, a saved search, a hidden listing; a listing and a message reported. */
async function keepsTrackAndReports({ world, zephyrine, basil, basils }: Parties, asker: number) {
  const { marketplace } = world;
  const z = ZEPHYRINE;
  await marketplace.favourites.add({ user: zephyrine, listingId: basils });
  await marketplace.favourites.setNote({ user: zephyrine, listingId: basils, note: z.texts.note });
  await marketplace.alerts.save({
    user: zephyrine,
    input: { name: z.texts.savedSearch, channel: 'rent', params: 'minBeds=2' },
  });
  const other = await insertListing(world.db, { ownerSub: basil.userId });
  await marketplace.alerts.hide({ user: zephyrine, listingId: other });
  await marketplace.reports.submit({
    user: zephyrine,
    listingId: basils,
    input: { reason: 'scam', details: z.texts.report },
    ip: '203.0.113.9',
  });
  const { messages } = await marketplace.messages.read({ user: zephyrine, threadId: asker });
  const basilsMessage = messages.find((message) => !message.isMine)!;
  await marketplace.messages.report({
    user: zephyrine,
    messageId: basilsMessage.id,
    input: { reason: 'other', details: z.texts.messageReport },
  });
}

/** She writes to us, opts in to marketing and is sent a campaign, and pays for an upgrade. */
async function writesOptsInAndPays({ world, zephyrine, hers }: Parties) {
  const { marketplace, admin } = world;
  const z = ZEPHYRINE;
  await marketplace.contact.submit({
    user: zephyrine,
    input: {
      name: z.name,
      email: z.email,
      phone: '07700 900417',
      topic: 'account',
      message: z.texts.contact,
    },
    ip: '203.0.113.9',
  });
  await marketplace.campaigns.setConsent({
    user: zephyrine,
    input: { isGranted: true },
    source: 'account',
  });
  const campaign = await marketplace.campaigns.createCampaign({
    user: admin,
    input: { subject: 'Winter news', body: 'New homes this week.', audience: { kind: 'all' } },
  });
  await marketplace.campaigns.schedule({ user: admin, input: { campaignId: campaign.id } });
  await marketplace.campaigns.sendBatch({ campaignId: campaign.id });
  const checkout = await marketplace.payments.startCheckout({
    user: zephyrine,
    listingId: hers,
    input: {
      productCode: 'featured_7',
      idempotencyKey: 'erasure-sweep-0001',
      startImmediately: true,
    },
  });
  await marketplace.payments.submitTestOutcome({
    user: zephyrine,
    paymentId: checkout.paymentId,
    input: { outcome: 'pay' },
  });
}

/** Basil reports her listing, a moderator pauses it, and she appeals. */
async function appeals({ world, zephyrine, basil, hers }: Parties) {
  const { marketplace, admin } = world;
  await marketplace.reports.submit({
    user: basil,
    listingId: hers,
    input: { reason: 'wrong_information' },
    ip: '203.0.113.10',
  });
  await marketplace.moderation.decide({
    user: admin,
    listingId: hers,
    input: { decision: 'pause', reason: 'The photos do not match the address given.' },
  });
  await marketplace.appeals.submit({
    user: zephyrine,
    listingId: hers,
    input: { statement: ZEPHYRINE.texts.appeal },
  });
}

/** Basil takes viewings of his home; Zephyrine books the first free time, with a note. */
async function booksAViewing({ world, zephyrine, basil, basils }: Parties) {
  const { viewings } = world.marketplace;
  await viewings.saveAvailability({
    user: basil,
    listingId: basils,
    input: {
      'from-6': '10:00',
      'to-6': '12:00',
      slotMinutes: '30',
      gapMinutes: '0',
      bookAheadDays: '14',
    },
  });
  const [first] = await viewings.openSlots({ listingId: basils, isOwner: false });
  await viewings.book({
    user: zephyrine,
    listingId: basils,
    input: { startsAt: first!.startsAt, note: ZEPHYRINE.texts.viewing },
  });
}

/**
 * Zephyrine uses every feature Roost has, with Basil on the other side: she signs up, signs in
 * and changes her password, lists with photos, leaves a draft, enquires with a viewing request,
 * messages both ways, favourites with a note, saves and hides, reports a listing and a message,
 * writes to us, opts in to marketing and is sent a campaign, pays for an upgrade, appeals a
 * moderation decision, books a viewing, and asks for her account to be erased.
 */
export async function zephyrineUsesEverything(world: ErasureWorld) {
  const zephyrine = await signsUpAndDrafts(world);
  const basil = await signUp(world.identity, {
    email: 'basil.other@roost.test',
    name: 'Basil Other',
  });
  const hers = await publishListing(world, zephyrine, ZEPHYRINE.texts.listing, [640, 641]);
  const basils = await publishListing(world, basil, 'A quiet flat with a long garden.', [700]);
  const parties: Parties = { world, zephyrine, basil, hers, basils };
  const asker = await converse(parties);
  await keepsTrackAndReports(parties, asker);
  await writesOptsInAndPays(parties);
  await appeals(parties);
  await booksAViewing(parties);
  await world.marketplace.adminUsers.requestErasure({ user: zephyrine, password });
  return { zephyrine, basil, hers, basils, asker };
}
