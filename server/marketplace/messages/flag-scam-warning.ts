import type { Database } from '../../../db/client.ts';
import { scamWarnings } from '../../../domain/contact-details/contact-details.ts';
import { listingReports } from '../reports/schema.ts';

/**
 * The reporter of Roost's own flags on messages that match a scam pattern. Like the other
 * `roost:` reporters it is not a person: it does not count as a reporter and is never told an
 * outcome, but the flag sits in the moderation queue with the message and its conversation.
 */
export const SCAM_WARNING_REPORTER = 'roost:scam-warning';

/**
 * Flags a just-stored message for the moderators when it matches a scam pattern (once per
 * message). The message is still delivered; its reader sees the warnings beside it.
 */
export async function flagScamWarning(
  tx: Database,
  message: { id: number; listingId: number; body: string; createdAt: Date },
): Promise<boolean> {
  const warnings = scamWarnings(message.body);
  if (warnings.length === 0) return false;
  await tx
    .insert(listingReports)
    .values({
      listingId: message.listingId,
      messageId: message.id,
      reporterKey: SCAM_WARNING_REPORTER,
      reason: 'scam',
      details: `Flagged automatically: ${warnings.map((warning) => warning.message).join(' ')}`,
      createdAt: message.createdAt,
    })
    .onConflictDoNothing();
  return true;
}
