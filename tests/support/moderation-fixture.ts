import type { Database } from '../../db/client.ts';
import { toSessionUser, type SessionUser } from '../../domain/session-user.ts';
import type { Marketplace } from '../../server/marketplace/marketplace.ts';
import { insertListing } from './listing-factory.ts';

/** As the session middleware builds it from a verified ID token's claims. */
export const person = (sub: string, isAdmin = false): SessionUser =>
  toSessionUser({
    sub,
    email: `${sub}@example.com`,
    'cognito:groups': isAdmin ? ['admins'] : ['members'],
  });
export const admin = person('ada-admin', true);
export const member = person('mo-member');
export const reporterA = person('rita-reporter');
const reporterB = person('ravi-reporter');

/** One of lister-1's listings with three open reports: two signed-in reporters, one signed out. */
export async function reportedListing(
  { reports }: Pick<Marketplace, 'reports'>,
  db: Database,
  title = 'Two bed flat near the park',
): Promise<number> {
  const id = await insertListing(db, {
    title,
    contactEmail: 'lister@example.com',
    ownerSub: 'lister-1',
  });
  const sent: [SessionUser | null, object, string][] = [
    [
      reporterA,
      { reason: 'scam', details: 'Asked for a deposit by bank transfer' },
      '198.51.100.1',
    ],
    [reporterB, { reason: 'scam' }, '198.51.100.2'],
    [null, { reason: 'wrong_information', details: 'Not 2 beds' }, '198.51.100.3'],
  ];
  for (const [user, input, ip] of sent) await reports.submit({ user, listingId: id, input, ip });
  return id;
}
