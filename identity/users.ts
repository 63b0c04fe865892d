import { eq, getTableColumns, sql } from 'drizzle-orm';
import { preparedOnce } from '../db/prepared-once.ts';
import type { IdentityContext } from './context.ts';
import { countingDatabaseOf, takeUpsert, verdictOf, type LimitVerdict } from '../limits/index.ts';
import { allowsPhoneSignIn, phoneAliasOf } from './phone-alias.ts';
import { userGroups, users } from './schema.ts';

/** A user row; lookups also carry the user's groups, saving a query when tokens follow. */
export type User = typeof users.$inferSelect & { groups?: string[] };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Lookup = 'email' | 'phoneNumber' | 'id' | 'username';

const groupsColumn = sql<
  string[]
>`coalesce((select array_agg(${userGroups.groupName} order by ${userGroups.groupName}) from ${userGroups} where ${userGroups.userId} = ${users.id}), '{}'::text[])`;

const forEachLookup = <T>(by: (column: Lookup) => T): Record<Lookup, T> => ({
  email: by('email'),
  phoneNumber: by('phoneNumber'),
  id: by('id'),
  username: by('username'),
});

// Sign-in reads a user on every request: prepared once per database handle.
const lookupStatements = preparedOnce((db) =>
  forEachLookup((column) =>
    db
      .select({ ...getTableColumns(users), groups: groupsColumn })
      .from(users)
      .where(eq(users[column], sql.placeholder('value')))
      .limit(1)
      .prepare(`identity_user_by_${column}`),
  ),
);
const lookups = (ctx: IdentityContext) => lookupStatements(ctx.db);

/** Which unique column a login names, and the value to look for; undefined when none. */
function lookupOf(ctx: IdentityContext, login: unknown): { by: Lookup; value: string } | undefined {
  if (typeof login !== 'string' || login.length === 0 || login.length > 256) return undefined;
  const value = login.trim();
  if (value.includes('@')) return { by: 'email', value: value.toLowerCase() };
  if (value.startsWith('+'))
    return allowsPhoneSignIn(ctx) ? { by: 'phoneNumber', value } : undefined;
  if (uuidPattern.test(value)) return { by: 'id', value: value.toLowerCase() };
  return { by: 'username', value };
}

/** A phone number finds only the account it is the (verified) sign-in alias of. */
const isFoundBy = (lookup: { by: Lookup; value: string }, user: User | undefined) =>
  user && (lookup.by !== 'phoneNumber' || phoneAliasOf(user.attributes) === lookup.value)
    ? user
    : undefined;

/**
 * Finds a user by internal username, sub, e-mail (any case) or phone number. A phone number finds
 * only the account it is the sign-in alias of (verified), and only when the pool signs in with
 * phone numbers; otherwise it is unknown, like any unknown user.
 */
export async function findUser(ctx: IdentityContext, login: unknown): Promise<User | undefined> {
  const lookup = lookupOf(ctx, login);
  if (!lookup) return undefined;
  // Rows written before numbers became aliases may hold an unverified number.
  const [user] = await lookups(ctx)[lookup.by].execute({ value: lookup.value });
  return isFoundBy(lookup, user);
}

type CountedRow = User & { takenCount: number; takenRemaining: number };

// The sign-in count and the lookup in one statement: one trip and one commit instead of two.
const countedStatements = preparedOnce((db) => {
  const taken = db.$with('taken').as(takeUpsert(db));
  return forEachLookup(
    (column) =>
      db
        .with(taken)
        .select({
          ...getTableColumns(users),
          groups: groupsColumn,
          takenCount: taken.count,
          takenRemaining: taken.remaining,
        })
        .from(taken)
        .leftJoin(users, eq(users[column], sql.placeholder('value')))
        .prepare(`identity_counted_user_by_${column}`) as unknown as {
        execute(values: {
          value: string;
          key: string;
          windowSeconds: number;
        }): Promise<CountedRow[]>;
      },
  );
});

/**
 * `findUser` that also counts one attempt of `count.key` in the shared limiter, in the same
 * statement when the limiter counts in this database. The count comes first either way, and is
 * returned for the caller to judge against its limit.
 */
export async function findUserCounting(
  ctx: IdentityContext,
  login: unknown,
  count: { key: string; windowSeconds: number; limit: number },
): Promise<{ user: User | undefined; verdict: LimitVerdict }> {
  const lookup = lookupOf(ctx, login);
  if (!lookup || countingDatabaseOf(ctx.limiter) !== ctx.db) {
    const verdict = await ctx.limiter.take(count.key, count.limit, count.windowSeconds);
    return { user: verdict.allowed ? await findUser(ctx, login) : undefined, verdict };
  }
  const [row] = await countedStatements(ctx.db)[lookup.by].execute({
    value: lookup.value,
    key: count.key,
    windowSeconds: count.windowSeconds,
  });
  const { takenCount, takenRemaining, ...user } = row!;
  const verdict = verdictOf({ count: takenCount, remaining: takenRemaining }, count.limit);
  return { user: verdict.allowed && user.id ? isFoundBy(lookup, user) : undefined, verdict };
}

export async function findUserById(ctx: IdentityContext, id: string): Promise<User | undefined> {
  if (!uuidPattern.test(id)) return undefined;
  const [user] = await lookups(ctx).id.execute({ value: id });
  return user;
}

const groupsStatement = preparedOnce((db) =>
  db
    .select({ name: userGroups.groupName })
    .from(userGroups)
    .where(eq(userGroups.userId, sql.placeholder('userId')))
    .orderBy(userGroups.groupName)
    .prepare('identity_groups_of_user'),
);

export async function groupsOf(ctx: IdentityContext, userId: string): Promise<string[]> {
  const rows = await groupsStatement(ctx.db).execute({ userId });
  return rows.map((row) => row.name);
}
