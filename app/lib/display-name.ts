/** The claims a display name can come from (ID-token names or the server's session user). */
export interface NameClaims {
  name?: string | undefined;
  givenName?: string | undefined;
  familyName?: string | undefined;
  preferredUsername?: string | undefined;
  email?: string | undefined;
}

/**
 * The name shown in the header: name, else given plus family name, else preferred username,
 * else the part of the e-mail before the '@'; 'User' when none is known.
 */
export function displayNameOf(claims: NameClaims | null | undefined): string {
  if (!claims) return 'User';
  const name = claims.name?.trim();
  if (name) return name;
  const fullName = [claims.givenName?.trim(), claims.familyName?.trim()].filter(Boolean).join(' ');
  if (fullName) return fullName;
  const preferred = claims.preferredUsername?.trim();
  if (preferred) return preferred;
  const local = claims.email?.split('@')[0]?.trim();
  return local || 'User';
}
