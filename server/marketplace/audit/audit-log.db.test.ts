import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, member, reportedListing } from '../../../tests/support/moderation-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createMarketplace, type Marketplace } from '../marketplace.ts';
import { recordAdminAction } from './record-admin-action.ts';
import { adminAuditLog } from './schema.ts';

let database: TestDatabase;
let marketplace: Marketplace;

beforeAll(async () => {
  database = await createTestDatabase();
  marketplace = createMarketplace({
    db: database.db,
    publicUrl: 'https://roost.test',
    logger: pino({ level: 'silent' }),
    mail: () => undefined,
  });
});
afterAll(async () => {
  await database.destroy();
});

describe('admin audit log', () => {
  it('records a moderation decision with who, what, target and reason', async () => {
    const listingId = await reportedListing(marketplace, database.db);
    await marketplace.moderation.decide({
      user: admin,
      listingId,
      input: { decision: 'pause', reason: 'Photos are of a different property.' },
    });
    const { entries } = await marketplace.audit.list({
      user: admin,
      filter: { targetType: 'listing', targetId: String(listingId) },
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorSub: admin.userId,
      actorEmail: admin.email,
      action: 'moderation.decide',
      targetType: 'listing',
      targetId: String(listingId),
      reason: 'Photos are of a different property.',
      details: { outcome: 'paused', reportsClosed: 3 },
    });
  });

  it('filters by action and London day, newest first, and pages', async () => {
    const at = (iso: string) => new Date(iso);
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    await recordAdminAction(database.db, {
      admin,
      action: 'user.disable',
      target: { type: 'user', id: 'sub-late' },
      reason: 'Scam reports',
      at: at('2026-06-30T23:30:00Z'),
    });
    await recordAdminAction(database.db, {
      admin,
      action: 'user.disable',
      target: { type: 'user', id: 'sub-early' },
      reason: 'Scam reports',
      at: at('2026-06-30T22:30:00Z'),
    });
    const july = await marketplace.audit.list({
      user: admin,
      filter: { action: 'user.disable', from: '2026-07-01', to: '2026-07-01' },
    });
    expect(july.entries.map((e) => e.targetId)).toEqual(['sub-late']);
    const june = await marketplace.audit.list({
      user: admin,
      filter: { action: 'user.disable', to: '2026-06-30' },
    });
    expect(june.entries.map((e) => e.targetId)).toEqual(['sub-early']);

    const first = await marketplace.audit.list({ user: admin, filter: { limit: 1 } });
    expect(first.entries).toHaveLength(1);
    expect(first.nextBefore).toBeDefined();
    const second = await marketplace.audit.list({
      user: admin,
      filter: { limit: 1, before: first.nextBefore },
    });
    expect(second.entries[0]!.id).toBeLessThan(first.entries[0]!.id);
  });

  it('refuses anyone but an administrator, and rejects bad filters', async () => {
    await expect(marketplace.audit.list({ user: member, filter: {} })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(marketplace.audit.list({ user: null, filter: {} })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    await expect(
      marketplace.audit.list({ user: admin, filter: { from: '2026-02-30' } }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: { from: expect.any(String) } });
  });

  it('is append-only: the database refuses to update or delete an entry', async () => {
    const id = await recordAdminAction(database.db, {
      admin,
      action: 'catalogue.update',
      target: { type: 'product', id: 'bump' },
    });
    // Drizzle wraps the database's error; the trigger's message is its cause.
    const refused = {
      cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }),
    };
    await expect(
      database.db
        .update(adminAuditLog)
        .set({ reason: 'rewritten' })
        .where(eq(adminAuditLog.id, id)),
    ).rejects.toMatchObject(refused);
    await expect(
      database.db.delete(adminAuditLog).where(eq(adminAuditLog.id, id)),
    ).rejects.toMatchObject(refused);
    const [row] = await database.db
      .select({ reason: adminAuditLog.reason })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.id, id));
    expect(row?.reason).toBe('');
  });

  it('refuses TRUNCATE too, which fires no row triggers', async () => {
    const id = await recordAdminAction(database.db, {
      admin,
      action: 'catalogue.update',
      target: { type: 'product', id: 'featured_7' },
    });
    await expect(database.db.execute(sql`truncate market.admin_audit_log`)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }),
    });
    const [row] = await database.db
      .select({ id: adminAuditLog.id })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.id, id));
    expect(row?.id).toBe(id);
  });
});
