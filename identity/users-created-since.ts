import { gte } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from './schema.ts';

/**
 * When each account made on or after `since` was created: a query on the indexed `created_at`,
 * so the admin overview's sign-up figures need not read the whole pool through ListUsers.
 */
export async function usersCreatedSince(db: Database, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(gte(users.createdAt, since));
  return rows.map((row) => row.createdAt);
}
