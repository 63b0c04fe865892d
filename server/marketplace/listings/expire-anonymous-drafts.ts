import { and, eq, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { defineJob } from '../../jobs/job-queue.ts';
import { isBlobKey, type BlobStore } from '../../media/blob-store.ts';
import { isBlobReferenced, lockBlobKey } from '../listing-media/blob-references.ts';
import { listingDrafts } from './schema.ts';

const DAY_MS = 86_400_000;
export const DEFAULT_ANONYMOUS_DRAFT_DAYS = 7;
const BATCH = 50;

export interface ExpiryResult {
  drafts: number;
  blobs: number;
}

/**
 * Deletes drafts started signed out and untouched (no step saved, no upload) for `keepDays`,
 * with the originals no listing or other draft uses. Each draft goes in its own transaction
 * holding its blob keys' locks: a blob store failure keeps the draft for the next run, and an
 * upload of the same bytes meanwhile waits, then stores them again.
 */
export async function expireAnonymousDrafts(
  db: Database,
  blobs: BlobStore,
  options: { keepDays?: number; now?: Date } = {},
): Promise<ExpiryResult> {
  const now = options.now ?? new Date();
  const cutoff = new Date(
    now.getTime() - (options.keepDays ?? DEFAULT_ANONYMOUS_DRAFT_DAYS) * DAY_MS,
  );
  const isExpired = and(isNull(listingDrafts.ownerSub), lt(listingDrafts.updatedAt, cutoff));
  const result: ExpiryResult = { drafts: 0, blobs: 0 };
  for (;;) {
    const batch = await db
      .select({ id: listingDrafts.id })
      .from(listingDrafts)
      .where(isExpired)
      .limit(BATCH);
    if (batch.length === 0) return result;
    for (const { id } of batch) {
      const deletedBlobs = await db.transaction(async (tx) => {
        // Locked and checked again: someone may have signed in to it or saved a step since.
        const [draft] = await tx
          .select({ media: listingDrafts.media })
          .from(listingDrafts)
          .where(and(eq(listingDrafts.id, id), isExpired))
          .for('update');
        if (!draft) return undefined;
        // Sorted, so two runs taking several keys' locks never wait on each other in a circle.
        const keys = [...new Set(draft.media.map((item) => item.key))].filter(isBlobKey).sort();
        for (const key of keys) await lockBlobKey(tx, key);
        await tx.delete(listingDrafts).where(eq(listingDrafts.id, id));
        let deleted = 0;
        for (const key of keys) {
          if (await isBlobReferenced(tx, key)) continue;
          await blobs.delete(key);
          deleted += 1;
        }
        return deleted;
      });
      if (deletedBlobs === undefined) continue;
      result.drafts += 1;
      result.blobs += deletedBlobs;
    }
  }
}

/** Hourly: signed-out drafts nobody came back to leave the database and the blob store. */
export function createAnonymousDraftExpiryJob(options: {
  db: Database;
  blobs: BlobStore;
  keepDays?: number;
}) {
  return defineJob({
    name: 'drafts.expire-anonymous',
    payload: z.object({}),
    everyMs: 60 * 60 * 1000,
    async run(_payload, { logger }) {
      const result = await expireAnonymousDrafts(options.db, options.blobs, {
        keepDays: options.keepDays,
      });
      if (result.drafts > 0) logger.info(result, 'anonymous drafts expired');
    },
  });
}
