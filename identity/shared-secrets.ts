import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { generateAdminCredentials, IdentityConfigError, type IdentityConfig } from './config.ts';
import type { Secrets } from './crypto/secrets.ts';
import { sharedSecrets } from './schema.ts';

/** Said when IDENTITY_SECRET cannot open what another instance sealed. */
export const SECRET_MISMATCH =
  'Invalid configuration: IDENTITY_SECRET does not open the identity keys in the database: every instance must use the one they were sealed with';

/** Opens a value sealed with the identity secret, naming the setting when it is the wrong one. */
export function openSealed(secrets: Secrets, sealed: string): string {
  try {
    return secrets.decrypt(sealed);
  } catch {
    throw new IdentityConfigError(SECRET_MISMATCH);
  }
}

/**
 * The value stored under `name`, created by the first instance to ask: every instance offers
 * its own freshly generated one, the first insert wins (on conflict do nothing) and all read
 * back the winner, so instances starting together agree.
 */
export async function sharedSecret(
  db: Database,
  secrets: Secrets,
  name: string,
  generate: () => string,
): Promise<string> {
  await db
    .insert(sharedSecrets)
    .values({ name, sealed: secrets.encrypt(generate()) })
    .onConflictDoNothing({ target: sharedSecrets.name });
  const [row] = await db
    .select({ sealed: sharedSecrets.sealed })
    .from(sharedSecrets)
    .where(eq(sharedSecrets.name, name));
  if (!row) throw new Error(`Shared secret ${name} vanished after it was stored`);
  return openSealed(secrets, row.sealed);
}

/** The admin API credentials every instance on the shared database signs and checks with. */
export async function sharedAdminCredentials(
  db: Database,
  secrets: Secrets,
): Promise<IdentityConfig['adminCredentials']> {
  return JSON.parse(
    await sharedSecret(db, secrets, 'admin-credentials', generateAdminCredentials),
  ) as IdentityConfig['adminCredentials'];
}
