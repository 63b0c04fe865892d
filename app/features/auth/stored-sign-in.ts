/** Amplify's prefix for every key it stores: `CognitoIdentityServiceProvider.<client id>.…`. */
const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/**
 * Whether this browser may hold a sign-in that only the Amplify client can read, from what it
 * stores: the `…LastAuthUser` cookie (written at sign-in, removed at sign-out; without it Amplify
 * finds no tokens), or `…inflightOAuth` in `localStorage` (set before the redirect to Google,
 * read by Amplify to finish the sign-in when the visitor comes back). A visitor with neither is
 * signed out, so the client (about 40 KB of script and a session check) need not load for them.
 */
export function mayHoldSignIn(
  cookie: string,
  localKeys: Iterable<string>,
  readLocal: (key: string) => string | null,
): boolean {
  const hasLastUser = cookie.split(';').some((pair) => {
    const name = pair.trim().split('=', 1)[0]!;
    return name.startsWith(AMPLIFY_KEY_PREFIX) && name.endsWith('.LastAuthUser');
  });
  if (hasLastUser) return true;
  for (const key of localKeys) {
    if (key.startsWith(AMPLIFY_KEY_PREFIX) && key.endsWith('.inflightOAuth')) {
      if (readLocal(key) === 'true') return true;
    }
  }
  return false;
}

/** `mayHoldSignIn` for this browser; true where storage cannot be read (let Amplify decide). */
export function browserMayHoldSignIn(): boolean {
  try {
    const storage = window.localStorage;
    return mayHoldSignIn(document.cookie, Object.keys(storage), (key) => storage.getItem(key));
  } catch {
    return true;
  }
}
