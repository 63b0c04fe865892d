/**
 * Amplify's `CookieStorage` keeps tokens under
 * `CognitoIdentityServiceProvider.<client id>.<username>.idToken`, with the current username in
 * `CognitoIdentityServiceProvider.<client id>.LastAuthUser`. Names and values are URI-encoded.
 */
const PREFIX = 'CognitoIdentityServiceProvider';

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = safeDecode(part.slice(0, separator).trim());
    const value = safeDecode(
      part
        .slice(separator + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
    if (name && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

export function hasAmplifyCookies(header: string | undefined): boolean {
  return Boolean(header?.includes(PREFIX));
}

/** The ID token of the last signed-in user for this app client, if the browser sent one. */
export function readIdTokenCookie(
  header: string | undefined,
  clientId: string,
): string | undefined {
  const cookies = parseCookies(header);
  const lastUser = cookies.get(`${PREFIX}.${clientId}.LastAuthUser`);
  if (!lastUser) return undefined;
  return cookies.get(`${PREFIX}.${clientId}.${lastUser}.idToken`) || undefined;
}

export function readBearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]*)\s*$/i.exec(header ?? '');
  return match?.[1];
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
