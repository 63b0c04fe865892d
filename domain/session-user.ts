/**
 * The signed-in person as Roost knows them, read from an identity (ID) token's claims. Shared by
 * the server (after verifying the token by JWKS) and the browser (from Amplify's session).
 */
export interface SessionUser {
  /** The subject (`sub`), stable for the life of the account. */
  userId: string;
  /** `cognito:username`, which may differ from the e-mail. */
  username: string;
  email: string | undefined;
  name: string | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
  preferredUsername: string | undefined;
  groups: string[];
  isAdmin: boolean;
  /** Whether the user pool has confirmed the e-mail address (`email_verified`). */
  isEmailVerified?: boolean;
}

export const ADMIN_GROUP = 'admins';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function toSessionUser(claims: Record<string, unknown>): SessionUser {
  const rawGroups = claims['cognito:groups'];
  const groups = Array.isArray(rawGroups)
    ? rawGroups.filter((group): group is string => typeof group === 'string')
    : [];
  const userId = text(claims.sub) ?? '';
  return {
    userId,
    username: text(claims['cognito:username']) ?? userId,
    email: text(claims.email),
    name: text(claims.name),
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    preferredUsername: text(claims.preferred_username),
    groups,
    isAdmin: groups.includes(ADMIN_GROUP),
    isEmailVerified: claims.email_verified === true || claims.email_verified === 'true',
  };
}
