import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../identity/schema.ts';
import { startTestIdentity, type RunningIdentity } from '../../identity/test-support.ts';
import {
  createIdentityAdmin,
  type IdentityAdminOptions,
} from '../../server/identity-admin/identity-admin.ts';

let identity: RunningIdentity;
const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * 86_400_000);

/** 130 accounts (over two ListUsers pages of 60): 100 made 40 days ago, 30 in the last week. */
beforeAll(async () => {
  identity = await startTestIdentity();
  const rows = Array.from({ length: 130 }, (_, index) => {
    const id = randomUUID();
    const email = `pool-${index}@roost.test`;
    return {
      id,
      username: id,
      email,
      attributes: { sub: id, email, email_verified: 'true' },
      status: 'CONFIRMED',
      createdAt: index < 100 ? daysAgo(40) : daysAgo(index % 7),
    };
  });
  await identity.database.db.insert(users).values(rows);
});

afterAll(async () => {
  await identity?.stop();
});

/** The admin adapter, with the names of the pool API calls it makes listed in `calls`. */
function adminFor(calls: string[], extra: Partial<IdentityAdminOptions> = {}) {
  const admin = {
    send: (command: { constructor: { name: string } }) => {
      calls.push(command.constructor.name);
      return identity.admin.send(command as never);
    },
  } as unknown as IdentityAdminOptions['admin'];
  return createIdentityAdmin({
    admin,
    public: identity.publicClient(),
    userPoolId: identity.service.config.userPoolId,
    clientId: identity.service.config.clientId,
    ...extra,
  });
}

describe('createdSince', () => {
  it('counts recent sign-ups with a query on the embedded pool’s own table', async () => {
    const calls: string[] = [];
    const created = await adminFor(calls, { poolDatabase: identity.database.db }).createdSince(
      daysAgo(31),
    );
    expect(created).toHaveLength(30);
    expect(calls).toEqual([]);
    expect(created.every((at) => at >= daysAgo(31))).toBe(true);
  });

  it('agrees with reading every page of ListUsers (the Amazon Cognito way)', async () => {
    const calls: string[] = [];
    const created = await adminFor(calls).createdSince(daysAgo(31));
    expect(created).toHaveLength(30);
    expect(calls.filter((name) => name === 'ListUsersCommand')).toHaveLength(3);
  });
});
