import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../domain/session-user.ts';
import { ERASED_MESSAGE } from '../../domain/admin/erased-account.ts';
import { listingMedia } from '../../server/marketplace/listings/schema.ts';
import { eraseUserData } from '../../server/marketplace/admin-users/erase-user.ts';
import { ERASURE_GRACE_DAYS } from '../../server/marketplace/admin-users/admin-users-service.ts';
import { expectAppError } from '../support/listing-world.ts';
import {
  BASIL_TEXTS,
  startErasureWorld,
  ZEPHYRINE,
  zephyrineUsesEverything,
  type ErasureWorld,
} from '../support/erasure-world.ts';
import { sweepForPersonalData, type SweepFinding } from '../support/personal-data-sweep.ts';

let world: ErasureWorld;
let zephyrine: SessionUser;
let basil: SessionUser;
let asker: number;
/** The photo files of her listing, and of Basil's. */
let photoKeys: { hers: string[]; basils: string[] };

/**
 * What the privacy policy says erasure keeps (app/routes/privacy-policy.tsx, ERASURE_KEPT):
 * orders, payments, invoices and refunds for the tax records, the audit log, the record that
 * the account was erased (its id and when), and the fingerprints of listings moderators took down
 * (no account id; deleted 12 months after the decision). Any other finding is personal data left
 * behind.
 */
const KEPT: Record<string, string[] | 'all'> = {
  'market.orders': ['buyer_sub', 'buyer_email', 'buyer_name'],
  'market.invoices': ['customer_name', 'customer_email'],
  'market.admin_audit_log': 'all',
  'market.account_erasure_requests': ['user_sub'],
  'market.repost_fingerprints': ['address_key', 'title', 'description'],
};

const isKept = ({ table, column }: SweepFinding) => {
  const kept = KEPT[table];
  return kept === 'all' || (kept?.includes(column) ?? false);
};

/** Her id, e-mail, name (and its parts), phone (as given and as digits) and every text. */
const needles = () => [
  zephyrine.userId,
  ZEPHYRINE.email,
  ZEPHYRINE.name,
  ...ZEPHYRINE.name.split(' '),
  ZEPHYRINE.phone,
  '7700900417',
  '07700 900417',
  ...Object.values(ZEPHYRINE.texts),
];

const sweep = () => sweepForPersonalData(world.db, ['market', 'identity'], needles());

beforeAll(async () => {
  world = await startErasureWorld();
  const used = await zephyrineUsesEverything(world);
  ({ zephyrine, basil, asker } = used);
  const keysOf = async (listingId: number) =>
    (
      await world.db
        .select({ key: listingMedia.blobKey })
        .from(listingMedia)
        .where(eq(listingMedia.listingId, listingId))
    ).map((row) => row.key);
  photoKeys = { hers: await keysOf(used.hers), basils: await keysOf(used.basils) };
});
afterAll(async () => {
  await world?.stop();
});

describe('erasing an account that used every feature', () => {
  it('finds each of her details and texts before erasure (the sweep can see them)', async () => {
    const findings = await sweep();
    const found = new Set(findings.map((finding) => finding.needle));
    expect(needles().filter((needle) => !found.has(needle))).toEqual([]);
    // Every feature left its mark under her id, so the sweep below covers each of them.
    const withHerId = findings.filter((finding) => finding.needle === zephyrine.userId);
    expect(new Set(withHerId.map((finding) => finding.table))).toEqual(
      new Set([
        'identity.auth_events',
        'identity.rate_limits',
        'identity.refresh_tokens',
        'identity.users',
        'market.account_erasure_requests',
        'market.campaign_deliveries',
        'market.contact_messages',
        'market.enquiries',
        'market.favourite_alert_settings',
        'market.favourites',
        'market.hidden_listings',
        'market.listers',
        'market.listing_drafts',
        'market.listing_reports',
        'market.listings',
        'market.marketing_consents',
        'market.message_threads',
        'market.moderation_appeals',
        'market.orders',
        'market.saved_searches',
        'market.thread_messages',
        'market.viewings',
      ]),
    );
  });

  it('leaves nothing of hers in any table of either schema but what the policy keeps', async () => {
    const due = new Date(Date.now() + (ERASURE_GRACE_DAYS + 1) * 86_400_000);
    expect(await world.marketplace.adminUsers.runDueErasures(due)).toBe(1);
    const left = (await sweep()).filter((finding) => !isKept(finding));
    expect(left).toEqual([]);
  });

  it('deletes the files of her photos, and no one else’s', async () => {
    expect(photoKeys.hers).toHaveLength(2);
    const stored = async (keys: string[]) =>
      (await Promise.all(keys.map((key) => world.blobs.get(key)))).filter(Boolean).length;
    expect(await stored(photoKeys.hers)).toBe(0);
    expect(await stored(photoKeys.basils)).toBe(1);
  });

  it('shows the other party her messages as removed, and keeps his own', async () => {
    const { messages } = await world.marketplace.messages.read({ user: basil, threadId: asker });
    expect(messages.map((message) => [message.isMine, message.text])).toEqual([
      [false, ERASED_MESSAGE],
      [true, BASIL_TEXTS.message],
      [false, ERASED_MESSAGE],
    ]);
    const threads = await world.marketplace.messages.list({ user: basil });
    expect(threads.map((thread) => thread.otherName)).not.toContain('Zephyrine Q.');
    // Nobody is left to read a reply, and no address to mail it to.
    await expectAppError(
      world.marketplace.messages.send({ user: basil, threadId: asker, input: { body: 'Hello?' } }),
      'GONE',
    );
  });

  it('can run again without harm, and still leaves nothing behind', async () => {
    await eraseUserData(world.db, undefined, zephyrine.userId);
    expect((await sweep()).filter((finding) => !isKept(finding))).toEqual([]);
  });
});
