import { eq, or, sql } from 'drizzle-orm';
import type { ErasureTarget, ErasureTx } from '../erasure-target.ts';
import { contactMessages } from './schema.ts';

/**
 * Erasure's step for the contact form: the person's messages to us, sent signed in or under
 * their address, are deleted (they have been e-mailed to the operator already).
 */
export async function eraseContactMessages(tx: ErasureTx, target: ErasureTarget): Promise<number> {
  const theirs = [eq(contactMessages.userId, target.sub)];
  if (target.email) {
    theirs.push(sql`lower(${contactMessages.email}) = ${target.email.toLowerCase()}`);
  }
  const deleted = await tx
    .delete(contactMessages)
    .where(or(...theirs))
    .returning({ id: contactMessages.id });
  return deleted.length;
}
