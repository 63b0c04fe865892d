import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminListUserAuthEventsCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type AttributeType,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { usersCreatedSince } from '../../identity/public.ts';
import type {
  AccountStatusFilter,
  IdentityAccount,
  IdentityAdmin,
  IdentityAdminOptions,
} from './identity-admin.ts';

export const attributesOf = (list: AttributeType[] | undefined): Record<string, string> =>
  Object.fromEntries((list ?? []).map((a) => [a.Name ?? '', a.Value ?? '']));

function accountOf(
  user: Pick<UserType, 'Username' | 'Enabled' | 'UserStatus' | 'UserCreateDate'>,
  attributes: Record<string, string>,
): IdentityAccount {
  return {
    sub: attributes.sub ?? user.Username ?? '',
    username: user.Username ?? '',
    email: attributes.email,
    name:
      attributes.name ??
      ([attributes.given_name, attributes.family_name].filter(Boolean).join(' ') || undefined),
    phone: attributes.phone_number,
    isEmailVerified: attributes.email_verified === 'true',
    isPhoneVerified: attributes.phone_number_verified === 'true',
    isEnabled: user.Enabled !== false,
    status: user.UserStatus ?? 'UNKNOWN',
    createdAt: user.UserCreateDate?.toISOString(),
    attributes,
  };
}

export const isNotFound = (error: unknown) => (error as Error).name === 'UserNotFoundException';

/** `"` and `\` escaped for a ListUsers filter value. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What ListUsers filters a search's text asks for; the status narrows the results afterwards. */
function searchFilters(value: string, status: AccountStatusFilter | undefined): string[] {
  // ListUsers takes one filter: the search text picks it, the status narrows afterwards
  // (or is the filter itself when there is no text).
  if (!value) {
    return [
      status === 'disabled'
        ? 'status = "Disabled"'
        : status === 'unconfirmed'
          ? 'cognito:user_status = "UNCONFIRMED"'
          : '',
    ];
  }
  if (UUID.test(value)) return [`sub = ${quoted(value.toLowerCase())}`];
  if (value.includes('@')) return [`email ^= ${quoted(value.toLowerCase())}`];
  if (/^\+?[\d\s]+$/.test(value)) {
    const digits = value.replace(/\s/g, '');
    const e164 = digits.startsWith('+') ? digits : `+44${digits.replace(/^0/, '')}`;
    return [`phone_number ^= ${quoted(e164)}`];
  }
  return [
    `name ^= ${quoted(value)}`,
    `given_name ^= ${quoted(value)}`,
    `family_name ^= ${quoted(value)}`,
    `email ^= ${quoted(value.toLowerCase())}`,
  ];
}

function hasStatus(account: IdentityAccount, status: AccountStatusFilter | undefined): boolean {
  return status === 'disabled'
    ? !account.isEnabled
    : status === 'unconfirmed'
      ? account.status === 'UNCONFIRMED'
      : status === 'active'
        ? account.isEnabled && account.status !== 'UNCONFIRMED'
        : true;
}

type PoolQueries = Pick<
  IdentityAdmin,
  'search' | 'get' | 'signInHistory' | 'groupMembers' | 'createdSince'
>;

/** Reading the pool: searching accounts, one account, its sign-ins, a group, recent sign-ups. */
export function poolQueries(options: IdentityAdminOptions): PoolQueries {
  const { admin, userPoolId: UserPoolId } = options;
  const Username = (sub: string) => sub;

  return {
    async search({ text, status, limit = 50 }) {
      const seen = new Map<string, IdentityAccount>();
      for (const filter of searchFilters(text?.trim() ?? '', status)) {
        for (const account of await listUsers(options, filter || undefined, limit)) {
          seen.set(account.sub, account);
        }
      }
      return [...seen.values()].filter((account) => hasStatus(account, status)).slice(0, limit);
    },

    async get(sub) {
      try {
        const user = await admin.send(
          new AdminGetUserCommand({ UserPoolId, Username: Username(sub) }),
        );
        const groups = await admin.send(
          new AdminListGroupsForUserCommand({ UserPoolId, Username: Username(sub), Limit: 60 }),
        );
        return {
          ...accountOf(user, attributesOf(user.UserAttributes)),
          groups: (groups.Groups ?? []).map((g) => g.GroupName ?? '').filter(Boolean),
          mfa: {
            preferred: user.PreferredMfaSetting,
            enabled: user.UserMFASettingList ?? [],
          },
        };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async signInHistory(sub, limit = 20) {
      const { AuthEvents = [] } = await admin.send(
        new AdminListUserAuthEventsCommand({
          UserPoolId,
          Username: Username(sub),
          MaxResults: limit,
        }),
      );
      return AuthEvents.map((event) => ({
        at: event.CreationDate?.toISOString(),
        type: event.EventType ?? '',
        result: event.EventResponse ?? '',
        addressClass: event.EventContextData?.IpAddress,
      }));
    },

    groupMembers: (GroupName) => groupMembers(options, GroupName),
    async createdSince(since) {
      if (options.poolDatabase) return usersCreatedSince(options.poolDatabase, since);
      // Amazon Cognito's ListUsers cannot filter by date: read the pool and keep the recent ones.
      const all = await listUsers(options, undefined, 10_000);
      return all
        .map((a) => (a.createdAt ? new Date(a.createdAt) : undefined))
        .filter((d): d is Date => d !== undefined && d >= since);
    },
  };
}

/** Every page of ListUsers for the filter, up to `limit` accounts. */
async function listUsers(
  { admin, userPoolId: UserPoolId }: IdentityAdminOptions,
  Filter: string | undefined,
  limit: number,
): Promise<IdentityAccount[]> {
  const found: IdentityAccount[] = [];
  let PaginationToken: string | undefined;
  do {
    const page = await admin.send(
      new ListUsersCommand({
        UserPoolId,
        ...(Filter ? { Filter } : {}),
        Limit: Math.min(60, limit - found.length),
        ...(PaginationToken ? { PaginationToken } : {}),
      }),
    );
    for (const user of page.Users ?? []) found.push(accountOf(user, attributesOf(user.Attributes)));
    PaginationToken = page.PaginationToken;
  } while (PaginationToken && found.length < limit);
  return found;
}

/** The subs of a group's members (none when there is no such group). */
async function groupMembers(
  { admin, userPoolId: UserPoolId }: IdentityAdminOptions,
  GroupName: string,
): Promise<string[]> {
  const subs: string[] = [];
  let NextToken: string | undefined;
  try {
    do {
      const page = await admin.send(
        new ListUsersInGroupCommand({
          UserPoolId,
          GroupName,
          Limit: 60,
          ...(NextToken ? { NextToken } : {}),
        }),
      );
      for (const user of page.Users ?? []) {
        subs.push(attributesOf(user.Attributes).sub ?? user.Username ?? '');
      }
      NextToken = page.NextToken;
    } while (NextToken && subs.length < 1000);
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  return subs;
}
