import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createConfirmedUser,
  password,
  passwordSignIn,
} from '../../identity/admin-test-support.ts';
import { startTestIdentity, type RunningIdentity } from '../../identity/test-support.ts';
import { toSessionUser, type SessionUser } from '../../domain/session-user.ts';
import { insertListing } from '../support/listing-factory.ts';
import { reportedListing } from '../support/moderation-fixture.ts';
import { createIdentityAdmin } from '../../server/identity-admin/identity-admin.ts';
import { favourites } from '../../server/marketplace/favourites/schema.ts';
import { listingSearch } from '../../server/marketplace/search/schema.ts';
import { listings } from '../../server/marketplace/listings/schema.ts';
import { createMarketplace, type Marketplace } from '../../server/marketplace/marketplace.ts';
import { accountErasureRequests } from '../../server/marketplace/admin-users/schema.ts';

let identity: RunningIdentity;
let marketplace: Marketplace;
const subs: Record<string, string> = {};
let admin: SessionUser;
let marketplaceIdentityAdmin: ReturnType<typeof createIdentityAdmin>;
let member: SessionUser;

const sessionOf = (sub: string, email: string, isAdmin = false) =>
  toSessionUser({ sub, email, 'cognito:groups': isAdmin ? ['admins'] : [] });

beforeAll(async () => {
  identity = await startTestIdentity();
  const UserPoolId = identity.service.config.userPoolId;
  for (const name of ['ada', 'lena', 'mo', 'erin']) {
    await createConfirmedUser(identity, `${name}@roost.test`);
    const user = await identity.admin.send(
      new AdminGetUserCommand({ UserPoolId, Username: `${name}@roost.test` }),
    );
    subs[name] = user.Username!;
  }
  const identityAdmin = createIdentityAdmin({
    admin: identity.admin,
    public: identity.publicClient(),
    userPoolId: UserPoolId,
    clientId: identity.service.config.clientId,
  });
  marketplaceIdentityAdmin = identityAdmin;
  marketplace = createMarketplace({
    db: identity.database.db,
    logger: pino({ level: 'silent' }),
    publicUrl: 'https://roost.test',
    identityAdmin: () => identityAdmin,
  });
  admin = sessionOf(subs.ada!, 'ada@roost.test', true);
  member = sessionOf(subs.mo!, 'mo@roost.test');
});

afterAll(async () => {
  await identity?.stop();
});

const reason = 'Scam reports from three people';

describe('admin user information', () => {
  it('refuses everyone but an administrator, for every call', async () => {
    const { adminUsers } = marketplace;
    const calls = [
      (user: SessionUser | null) => adminUsers.overview({ user }),
      (user: SessionUser | null) => adminUsers.search({ user, query: { q: 'lena' } }),
      (user: SessionUser | null) => adminUsers.get({ user, sub: subs.lena! }),
      (user: SessionUser | null) =>
        adminUsers.act({ user, sub: subs.lena!, input: { action: 'disable', reason } }),
      (user: SessionUser | null) => adminUsers.export({ user, sub: subs.lena! }),
      (user: SessionUser | null) => adminUsers.erase({ user, sub: subs.lena!, input: { reason } }),
    ];
    for (const call of calls) {
      await expect(call(member)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(call(null)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('finds users by e-mail, name and id, and by listings', async () => {
    const listingId = await insertListing(identity.database.db, { ownerSub: subs.lena! });
    const { adminUsers } = marketplace;
    const emails = async (query: object) =>
      (await adminUsers.search({ user: admin, query })).accounts.map((a) => a.email).sort();
    expect(await emails({ q: 'lena@' })).toEqual(['lena@roost.test']);
    expect(await emails({ q: 'User lena' })).toEqual(['lena@roost.test']);
    expect(await emails({ q: subs.mo })).toEqual(['mo@roost.test']);
    expect(await emails({ hasListings: true })).toEqual(['lena@roost.test']);
    const page = await adminUsers.get({ user: admin, sub: subs.lena! });
    expect(page.record.listings.map((l) => l.id)).toEqual([listingId]);
    expect(page.account).toMatchObject({ email: 'lena@roost.test', isEmailVerified: true });
  });

  it('disables a user: signed out, listings leave search; re-enabling brings them back', async () => {
    const db = identity.database.db;
    const [listing] = await db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.ownerSub, subs.lena!));
    const tokens = (await passwordSignIn(identity, identity.publicClient(), 'lena@roost.test'))
      .AuthenticationResult!;
    const inSearch = async () =>
      (await db.select().from(listingSearch).where(eq(listingSearch.listingId, listing!.id)))
        .length;
    expect(await inSearch()).toBe(1);
    await expect(
      marketplace.adminUsers.act({ user: admin, sub: subs.lena!, input: { action: 'disable' } }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: { reason: expect.any(String) } });
    await marketplace.adminUsers.act({
      user: admin,
      sub: subs.lena!,
      input: { action: 'disable', reason },
    });
    expect(await identity.service.isTokenLive(decodeJwt(tokens.IdToken!))).toBe(false);
    expect(await inSearch()).toBe(0);
    // Its page and the API answer 404, as for any listing the public may not see.
    expect((await marketplace.listings.lookUp({ listingId: listing!.id }))?.visibility).toBe(
      'hidden',
    );
    expect((await marketplace.listings.findRecent()).map((l) => l.id)).not.toContain(listing!.id);
    await expect(
      marketplace.enquiries.submit({
        user: null,
        listingId: listing!.id,
        ip: '198.51.100.9',
        input: { name: 'Vic', email: 'vic@example.com', message: 'Is it still available?' },
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const disabled = await marketplace.adminUsers.search({
      user: admin,
      query: { status: 'disabled' },
    });
    expect(disabled.accounts.map((a) => a.email)).toEqual(['lena@roost.test']);

    await marketplace.adminUsers.act({
      user: admin,
      sub: subs.lena!,
      input: { action: 'enable', reason: 'Checked: genuine lister' },
    });
    expect(await inSearch()).toBe(1);
    expect((await marketplace.listings.lookUp({ listingId: listing!.id }))?.visibility).toBe(
      'public',
    );
    const { entries } = await marketplace.audit.list({
      user: admin,
      filter: { targetType: 'user', targetId: subs.lena! },
    });
    expect(entries.map((e) => [e.action, e.reason])).toEqual([
      ['user.enable', 'Checked: genuine lister'],
      ['user.disable', reason],
    ]);
  });

  it('makes and removes an admin, resets MFA and password, each recorded', async () => {
    const { adminUsers } = marketplace;
    await adminUsers.act({ user: admin, sub: subs.mo!, input: { action: 'make-admin', reason } });
    expect((await adminUsers.get({ user: admin, sub: subs.mo! })).isAdmin).toBe(true);
    await adminUsers.act({ user: admin, sub: subs.mo!, input: { action: 'remove-admin', reason } });
    expect((await adminUsers.get({ user: admin, sub: subs.mo! })).isAdmin).toBe(false);
    await adminUsers.act({ user: admin, sub: subs.mo!, input: { action: 'reset-mfa', reason } });
    await adminUsers.act({
      user: admin,
      sub: subs.mo!,
      input: { action: 'reset-password', reason },
    });
    expect((await adminUsers.get({ user: admin, sub: subs.mo! })).account.status).toBe(
      'RESET_REQUIRED',
    );
    await expect(
      adminUsers.act({ user: admin, sub: subs.ada!, input: { action: 'disable', reason } }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const { entries } = await marketplace.audit.list({
      user: admin,
      filter: { targetType: 'user', targetId: subs.mo! },
    });
    expect(entries.map((e) => e.action)).toEqual([
      'user.reset-password',
      'user.reset-mfa',
      'user.remove-admin',
      'user.make-admin',
    ]);
  });

  it('exports everything as JSON, then erases the account keeping what the law requires', async () => {
    const db = identity.database.db;
    const [listing] = await db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.ownerSub, subs.lena!));
    await db
      .insert(favourites)
      .values({ userSub: subs.lena!, listingId: listing!.id, note: 'Nice' });
    const data = await marketplace.adminUsers.export({ user: admin, sub: subs.lena! });
    expect(data.account).toMatchObject({ attributes: { email: 'lena@roost.test' } });
    expect(data.listings.map((l) => l.id)).toEqual([listing!.id]);
    expect(data.notes).toEqual([{ listingId: listing!.id, note: 'Nice' }]);
    expect(JSON.parse(JSON.stringify(data)).signInHistory.length).toBeGreaterThan(0);

    const summary = await marketplace.adminUsers.erase({
      user: admin,
      sub: subs.lena!,
      input: { reason: 'Subject asked to be forgotten' },
    });
    expect(summary).toMatchObject({ listingsRemoved: 1, favouritesDeleted: 1 });
    expect(summary.kept.length).toBeGreaterThan(0);
    const [row] = await db.select().from(listings).where(eq(listings.id, listing!.id));
    expect(row).toMatchObject({ status: 'removed', contactEmail: null, title: '[erased]' });
    await expect(
      marketplace.adminUsers.get({ user: admin, sub: subs.lena! }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const { entries } = await marketplace.audit.list({
      user: admin,
      filter: { action: 'user.erase' },
    });
    expect(entries[0]).toMatchObject({
      targetId: subs.lena!,
      reason: 'Subject asked to be forgotten',
    });
  });

  it('self-service erasure: password re-check, cancellable grace, then the job erases', async () => {
    const erin = sessionOf(subs.erin!, 'erin@roost.test');
    const { adminUsers } = marketplace;
    await expect(
      adminUsers.requestErasure({ user: erin, password: 'Wrong-password-1' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { password: expect.any(String) },
    });
    const now = new Date('2026-03-01T12:00:00Z');
    const { dueAt } = await adminUsers.requestErasure({ user: erin, password, now });
    expect(dueAt).toBe('2026-03-15T12:00:00.000Z');
    await adminUsers.cancelErasure({ user: erin });
    expect(await adminUsers.erasureStatus({ user: erin })).toBeNull();
    expect(await adminUsers.runDueErasures(new Date('2026-04-01T00:00:00Z'))).toBe(0);

    await adminUsers.requestErasure({ user: erin, password, now });
    expect(await adminUsers.erasureStatus({ user: erin })).toMatchObject({ dueAt });
    expect(await adminUsers.runDueErasures(new Date('2026-03-14T12:00:00Z'))).toBe(0);
    expect(await adminUsers.runDueErasures(new Date('2026-03-15T12:00:00Z'))).toBe(1);
    expect(
      await marketplace.adminUsers.search({ user: admin, query: { q: 'erin@' } }),
    ).toMatchObject({ accounts: [] });
    const [request] = await identity.database.db
      .select()
      .from(accountErasureRequests)
      .where(eq(accountErasureRequests.userSub, subs.erin!));
    expect(request?.completedAt).toBeInstanceOf(Date);
  });

  it('limits password re-checks to five in 15 minutes per account', async () => {
    const mo = sessionOf(subs.mo!, 'mo@roost.test');
    for (let i = 0; i < 5; i++) {
      await expect(
        marketplace.adminUsers.requestErasure({ user: mo, password: 'Wrong-password-1' }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    await expect(
      marketplace.adminUsers.requestErasure({ user: mo, password }),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('holds the password re-check limit across two instances sharing the database', async () => {
    const lena = sessionOf(subs.lena!, 'lena@roost.test');
    const second = createMarketplace({
      db: identity.database.db,
      logger: pino({ level: 'silent' }),
      publicUrl: 'https://roost.test',
      identityAdmin: () => marketplaceIdentityAdmin,
    });
    for (const instance of [marketplace, second, marketplace, second, marketplace]) {
      await expect(
        instance.adminUsers.requestErasure({ user: lena, password: 'Wrong-password-1' }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    await expect(second.adminUsers.requestErasure({ user: lena, password })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: expect.any(Number),
    });
  });

  it('gives the overview figures', async () => {
    await reportedListing(marketplace, identity.database.db);
    const overview = await marketplace.adminUsers.overview({ user: admin });
    expect(overview.openReports).toBe(3);
    expect(overview.oldestOpenReportAt).not.toBeNull();
    // Four made today, two erased since.
    expect(overview.signUps?.today).toBe(2);
    expect(overview.days).toHaveLength(30);
  });
});
