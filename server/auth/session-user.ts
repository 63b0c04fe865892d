import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

/** The signed-in person as the server knows them, read from a verified identity (ID) token. */
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
}

export const ADMIN_GROUP = 'admins';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function toSessionUser(payload: JwtPayload): SessionUser {
  const rawGroups = payload['cognito:groups'];
  const groups = Array.isArray(rawGroups)
    ? rawGroups.filter((group): group is string => typeof group === 'string')
    : [];
  const userId = text(payload.sub) ?? '';
  return {
    userId,
    username: text(payload['cognito:username']) ?? userId,
    email: text(payload.email),
    name: text(payload.name),
    givenName: text(payload.given_name),
    familyName: text(payload.family_name),
    preferredUsername: text(payload.preferred_username),
    groups,
    isAdmin: groups.includes(ADMIN_GROUP),
  };
}
