import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminListUserAuthEventsCommand,
  AdminRemoveUserFromGroupCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  InitiateAuthCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  ResendConfirmationCodeCommand,
  RevokeTokenCommand,
  type AttributeType,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Database } from '../../db/client.ts';
import { usersCreatedSince } from '../../identity/public.ts';

/** One account in the user pool, as the admin portal shows it. */
export interface IdentityAccount {
  sub: string;
  username: string;
  email: string | undefined;
  name: string | undefined;
  phone: string | undefined;
  isEmailVerified: boolean;
  isPhoneVerified: boolean;
  isEnabled: boolean;
  /** Cognito's UserStatus: CONFIRMED, UNCONFIRMED, FORCE_CHANGE_PASSWORD, RESET_REQUIRED… */
  status: string;
  createdAt: string | undefined;
  attributes: Record<string, string>;
}

export interface IdentityAccountDetail extends IdentityAccount {
  groups: string[];
  mfa: { preferred: string | undefined; enabled: string[] };
}

export interface SignInEvent {
  at: string | undefined;
  type: string;
  result: string;
  /** The address's network only (the pool never keeps a full address). */
  addressClass: string | undefined;
}

export type AccountStatusFilter = 'active' | 'unconfirmed' | 'disabled';

/**
 * The Cognito admin operations the admin portal and GDPR requests need, through the AWS SDK, so
 * the same code drives the embedded pool (SigV4 with its admin credentials) and Amazon Cognito
 * (`AUTH_PROVIDER=cognito`, credentials from the default AWS chain).
 */
export interface IdentityAdmin {
  search(query: {
    text?: string;
    status?: AccountStatusFilter;
    limit?: number;
  }): Promise<IdentityAccount[]>;
  get(sub: string): Promise<IdentityAccountDetail | undefined>;
  signInHistory(sub: string, limit?: number): Promise<SignInEvent[]>;
  disable(sub: string): Promise<void>;
  enable(sub: string): Promise<void>;
  signOutEverywhere(sub: string): Promise<void>;
  resetPassword(sub: string): Promise<void>;
  resetMfa(sub: string): Promise<void>;
  resendConfirmation(sub: string): Promise<void>;
  addToGroup(sub: string, group: string): Promise<void>;
  removeFromGroup(sub: string, group: string): Promise<void>;
  delete(sub: string): Promise<void>;
  /** Re-authentication: true when `password` is the account's password (tokens made are revoked). */
  checkPassword(login: string, password: string): Promise<boolean>;
  /** The subs of a group's members. */
  groupMembers(group: string): Promise<string[]>;
  /** Accounts created on or after `since` (for the overview's sign-up figures). */
  createdSince(since: Date): Promise<Date[]>;
}

export interface IdentityAdminOptions {
  /** Signed with admin credentials (embedded) or the AWS credential chain (Cognito). */
  admin: CognitoIdentityProviderClient;
  /** Unsigned calls an app makes (InitiateAuth, ResendConfirmationCode). */
  public: CognitoIdentityProviderClient;
  userPoolId: string;
  clientId: string;
  /**
   * The embedded pool's own database (`identity.users`), when the pool is this server's: recent
   * sign-ups are then counted by a query on `created_at` instead of reading the whole pool.
   */
  poolDatabase?: Database | undefined;
}

const attributesOf = (list: AttributeType[] | undefined): Record<string, string> =>
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

const isNotFound = (error: unknown) => (error as Error).name === 'UserNotFoundException';

/** `"` and `\` escaped for a ListUsers filter value. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createIdentityAdmin(options: IdentityAdminOptions): IdentityAdmin {
  const { admin, userPoolId: UserPoolId, clientId: ClientId } = options;
  const Username = (sub: string) => sub;

  async function listUsers(Filter: string | undefined, limit: number): Promise<IdentityAccount[]> {
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
      for (const user of page.Users ?? [])
        found.push(accountOf(user, attributesOf(user.Attributes)));
      PaginationToken = page.PaginationToken;
    } while (PaginationToken && found.length < limit);
    return found;
  }

  return {
    async search({ text, status, limit = 50 }) {
      const value = text?.trim() ?? '';
      // ListUsers takes one filter: the search text picks it, the status narrows afterwards
      // (or is the filter itself when there is no text).
      const filters: string[] = [];
      if (!value) {
        filters.push(
          status === 'disabled'
            ? 'status = "Disabled"'
            : status === 'unconfirmed'
              ? 'cognito:user_status = "UNCONFIRMED"'
              : '',
        );
      } else if (UUID.test(value)) filters.push(`sub = ${quoted(value.toLowerCase())}`);
      else if (value.includes('@')) filters.push(`email ^= ${quoted(value.toLowerCase())}`);
      else if (/^\+?[\d\s]+$/.test(value)) {
        const digits = value.replace(/\s/g, '');
        const e164 = digits.startsWith('+') ? digits : `+44${digits.replace(/^0/, '')}`;
        filters.push(`phone_number ^= ${quoted(e164)}`);
      } else {
        filters.push(
          `name ^= ${quoted(value)}`,
          `given_name ^= ${quoted(value)}`,
          `family_name ^= ${quoted(value)}`,
          `email ^= ${quoted(value.toLowerCase())}`,
        );
      }
      const seen = new Map<string, IdentityAccount>();
      for (const filter of filters) {
        for (const account of await listUsers(filter || undefined, limit)) {
          seen.set(account.sub, account);
        }
      }
      return [...seen.values()]
        .filter((account) =>
          status === 'disabled'
            ? !account.isEnabled
            : status === 'unconfirmed'
              ? account.status === 'UNCONFIRMED'
              : status === 'active'
                ? account.isEnabled && account.status !== 'UNCONFIRMED'
                : true,
        )
        .slice(0, limit);
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

    async disable(sub) {
      await admin.send(new AdminDisableUserCommand({ UserPoolId, Username: Username(sub) }));
      // Cognito keeps refresh tokens of a disabled user until they are signed out.
      await admin.send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username: Username(sub) }));
    },
    async enable(sub) {
      await admin.send(new AdminEnableUserCommand({ UserPoolId, Username: Username(sub) }));
    },
    async signOutEverywhere(sub) {
      await admin.send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username: Username(sub) }));
    },
    async resetPassword(sub) {
      await admin.send(new AdminResetUserPasswordCommand({ UserPoolId, Username: Username(sub) }));
    },
    async resetMfa(sub) {
      await admin.send(
        new AdminSetUserMFAPreferenceCommand({
          UserPoolId,
          Username: Username(sub),
          SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
          SMSMfaSettings: { Enabled: false, PreferredMfa: false },
        }),
      );
    },
    async resendConfirmation(sub) {
      const user = await admin.send(
        new AdminGetUserCommand({ UserPoolId, Username: Username(sub) }),
      );
      await options.public.send(
        new ResendConfirmationCodeCommand({ ClientId, Username: user.Username ?? sub }),
      );
    },
    async addToGroup(sub, GroupName) {
      try {
        await admin.send(new CreateGroupCommand({ UserPoolId, GroupName }));
      } catch (error) {
        if ((error as Error).name !== 'GroupExistsException') throw error;
      }
      await admin.send(
        new AdminAddUserToGroupCommand({ UserPoolId, Username: Username(sub), GroupName }),
      );
    },
    async removeFromGroup(sub, GroupName) {
      await admin.send(
        new AdminRemoveUserFromGroupCommand({ UserPoolId, Username: Username(sub), GroupName }),
      );
    },
    async delete(sub) {
      try {
        await admin.send(new AdminDeleteUserCommand({ UserPoolId, Username: Username(sub) }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    async checkPassword(login, password) {
      try {
        const result = await options.public.send(
          new InitiateAuthCommand({
            ClientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: login, PASSWORD: password },
          }),
        );
        const refresh = result.AuthenticationResult?.RefreshToken;
        if (refresh) {
          await options.public
            .send(new RevokeTokenCommand({ ClientId, Token: refresh }))
            .catch(() => undefined);
        }
        // A second-factor challenge still means the password was right.
        return true;
      } catch (error) {
        const name = (error as Error).name;
        if (name === 'NotAuthorizedException' || name === 'UserNotFoundException') return false;
        throw error;
      }
    },
    async groupMembers(GroupName) {
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
    },
    async createdSince(since) {
      if (options.poolDatabase) return usersCreatedSince(options.poolDatabase, since);
      // Amazon Cognito's ListUsers cannot filter by date: read the pool and keep the recent ones.
      const all = await listUsers(undefined, 10_000);
      return all
        .map((a) => (a.createdAt ? new Date(a.createdAt) : undefined))
        .filter((d): d is Date => d !== undefined && d >= since);
    },
  };
}

/** The adapter for the running site: the embedded pool at `endpoint()`, or Amazon Cognito. */
export function identityAdminFor(config: {
  provider: 'embedded' | 'cognito';
  cognito?: { userPoolId: string; clientId: string; region: string };
  userPoolId: string;
  clientId: string;
  region: string;
  adminCredentials: { accessKeyId: string; secretAccessKey: string };
  endpoint: () => string;
  /** The embedded pool's database, for counting sign-ups by a query. */
  poolDatabase?: Database;
}): IdentityAdmin & { close(): void } {
  const cognito = config.provider === 'cognito' ? config.cognito : undefined;
  const endpoint = async () => new URL(config.endpoint());
  const admin = new CognitoIdentityProviderClient(
    cognito
      ? {
          region: cognito.region,
          ...(config.adminCredentials.accessKeyId ? { credentials: config.adminCredentials } : {}),
        }
      : {
          region: config.region,
          endpoint: async () => {
            const url = await endpoint();
            return {
              hostname: url.hostname,
              port: Number(url.port) || undefined,
              protocol: url.protocol,
              path: url.pathname,
            };
          },
          credentials: config.adminCredentials,
          maxAttempts: 1,
        },
  );
  const publicClient = new CognitoIdentityProviderClient(
    cognito
      ? {
          region: cognito.region,
          credentials: { accessKeyId: 'UNUSED', secretAccessKey: 'unused' },
        }
      : {
          region: config.region,
          endpoint: async () => {
            const url = await endpoint();
            return {
              hostname: url.hostname,
              port: Number(url.port) || undefined,
              protocol: url.protocol,
              path: url.pathname,
            };
          },
          credentials: { accessKeyId: 'UNUSED', secretAccessKey: 'unused' },
          maxAttempts: 1,
        },
  );
  return {
    ...createIdentityAdmin({
      admin,
      public: publicClient,
      userPoolId: cognito?.userPoolId ?? config.userPoolId,
      clientId: cognito?.clientId ?? config.clientId,
      poolDatabase: cognito ? undefined : config.poolDatabase,
    }),
    close() {
      admin.destroy();
      publicClient.destroy();
    },
  };
}
