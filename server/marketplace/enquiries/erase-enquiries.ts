import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { ERASED_FIELD } from '../../../domain/admin/erased-account.ts';
import type { ErasureTarget, ErasureTx } from '../erasure-target.ts';
import { enquiries } from './schema.ts';

/**
 * Erasure's step for enquiries: those the person sent (signed in, or signed out under their
 * address) lose the name, contact details, message and viewing times; their replies to
 * enquiries about their own listings (`ownListingIds`) are redacted. The enquirers' own words
 * stay theirs. Run it after `eraseMessages`, which finds signed-out enquiries by the address.
 */
export async function eraseEnquiries(
  tx: ErasureTx,
  target: ErasureTarget,
  ownListingIds: number[],
): Promise<{ enquiriesRedacted: number; repliesRedacted: number }> {
  let repliesRedacted = 0;
  if (ownListingIds.length) {
    repliesRedacted = (
      await tx
        .update(enquiries)
        .set({ reply: ERASED_FIELD })
        .where(
          and(
            inArray(enquiries.listingId, ownListingIds),
            isNotNull(enquiries.reply),
            ne(enquiries.reply, ERASED_FIELD),
          ),
        )
        .returning({ id: enquiries.id })
    ).length;
  }
  const sent = [eq(enquiries.senderSub, target.sub)];
  if (target.email) sent.push(sql`lower(${enquiries.email}) = ${target.email.toLowerCase()}`);
  const enquiriesRedacted = (
    await tx
      .update(enquiries)
      .set({
        senderSub: null,
        name: ERASED_FIELD,
        email: ERASED_FIELD,
        phone: null,
        message: ERASED_FIELD,
        viewingTimes: [],
      })
      .where(or(...sent))
      .returning({ id: enquiries.id })
  ).length;
  return { enquiriesRedacted, repliesRedacted };
}
