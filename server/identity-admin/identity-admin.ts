import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Database } from '../../db/client.ts';
import { isNotFound, poolQueries } from './pool-queries.ts';

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

export function createIdentityAdmin(options: IdentityAdminOptions): IdentityAdmin {
  const { admin, userPoolId: UserPoolId, clientId: ClientId } = options;
  const Username = (sub: string) => sub;

  return {
    ...poolQueries(options),
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
    checkPassword: (login, password) => checkPassword(options, login, password),
  };
}

/** Re-authentication by USER_PASSWORD_AUTH; the refresh token it makes is revoked at once. */
async function checkPassword(
  options: IdentityAdminOptions,
  login: string,
  password: string,
): Promise<boolean> {
  const { clientId: ClientId } = options;
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
