import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { IdentityContext } from './context.ts';
import { allowsPhoneSignIn, phoneAliasOf } from './phone-alias.ts';
import { userGroups, users } from './schema.ts';

/** A user row; lookups also carry the user's groups, saving a query when tokens follow. */
export type User = typeof users.$inferSelect & { groups?: string[] };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Lookup = 'email' | 'phoneNumber' | 'id' | 'username';

// Sign-in reads a user on every request: prepared once per database handle.
const preparedLookups = new WeakMap<
  object,
  Record<Lookup, { execute(values: { value: string }): Promise<User[]> }>
>();

function lookups(ctx: IdentityContext) {
  let prepared = preparedLookups.get(ctx.db);
  if (!prepared) {
    const by = (column: Lookup) =>
      ctx.db
        .select({
          ...getTableColumns(users),
          groups: sql<
            string[]
          >`coalesce((select array_agg(${userGroups.groupName} order by ${userGroups.groupName}) from ${userGroups} where ${userGroups.userId} = ${users.id}), '{}'::text[])`,
        })
        .from(users)
        .where(eq(users[column], sql.placeholder('value')))
        .limit(1)
        .prepare(`identity_user_by_${column}`);
    prepared = {
      email: by('email'),
      phoneNumber: by('phoneNumber'),
      id: by('id'),
      username: by('username'),
    };
    preparedLookups.set(ctx.db, prepared);
  }
  return prepared;
}

/**
 * Finds a user by internal username, sub, e-mail (any case) or phone number. A phone number finds
 * only the account it is the sign-in alias of (verified), and only when the pool signs in with
 * phone numbers; otherwise it is unknown, like any unknown user.
 */
export async function findUser(ctx: IdentityContext, login: unknown): Promise<User | undefined> {
  if (typeof login !== 'string' || login.length === 0 || login.length > 256) return undefined;
  const value = login.trim();
  const prepared = lookups(ctx);
  let rows: User[];
  if (value.includes('@')) rows = await prepared.email.execute({ value: value.toLowerCase() });
  else if (value.startsWith('+')) {
    if (!allowsPhoneSignIn(ctx)) return undefined;
    rows = await prepared.phoneNumber.execute({ value });
    // Rows written before numbers became aliases may hold an unverified number.
    rows = rows.filter((user) => phoneAliasOf(user.attributes) === value);
  } else if (uuidPattern.test(value))
    rows = await prepared.id.execute({ value: value.toLowerCase() });
  else rows = await prepared.username.execute({ value });
  return rows[0];
}

export async function findUserById(ctx: IdentityContext, id: string): Promise<User | undefined> {
  if (!uuidPattern.test(id)) return undefined;
  const [user] = await lookups(ctx).id.execute({ value: id });
  return user;
}

const preparedGroups = new WeakMap<
  object,
  { execute(values: { userId: string }): Promise<{ name: string }[]> }
>();

export async function groupsOf(ctx: IdentityContext, userId: string): Promise<string[]> {
  let prepared = preparedGroups.get(ctx.db);
  if (!prepared) {
    prepared = ctx.db
      .select({ name: userGroups.groupName })
      .from(userGroups)
      .where(eq(userGroups.userId, sql.placeholder('userId')))
      .orderBy(userGroups.groupName)
      .prepare('identity_groups_of_user');
    preparedGroups.set(ctx.db, prepared);
  }
  const rows = await prepared.execute({ userId });
  return rows.map((row) => row.name);
}
