import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { BlobStore } from '../../media/blob-store.ts';
import { listingDrafts, listingMedia } from '../listings/schema.ts';

type Executor = Pick<Database, 'execute' | 'select'>;

/**
 * Serialises work on one blob key inside the caller's transaction. Adding a reference to a key
 * and deleting an unreferenced key both hold it, so a blob is never deleted just as an upload
 * of the same bytes starts using it.
 */
export async function lockBlobKey(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`blob:${key}`}))`);
}

/** Whether any listing or draft still shows this original (keys are shared by content). */
export async function isBlobReferenced(tx: Executor, key: string): Promise<boolean> {
  const [listed] = await tx
    .select({ id: listingMedia.id })
    .from(listingMedia)
    .where(eq(listingMedia.blobKey, key))
    .limit(1);
  if (listed) return true;
  const [drafted] = await tx
    .select({ id: listingDrafts.id })
    .from(listingDrafts)
    .where(sql`${listingDrafts.media} @> ${JSON.stringify([{ key }])}::jsonb`)
    .limit(1);
  return drafted !== undefined;
}

/**
 * Deletes each original (and, through the store, its variants) that no listing or draft shows
 * any more, each under its key's lock; one shared with someone else's upload of the same bytes
 * stays. Call it after the transaction that dropped the references has committed.
 */
export async function deleteUnreferencedBlobs(
  db: Database,
  blobs: Pick<BlobStore, 'delete'>,
  keys: string[],
): Promise<number> {
  let deleted = 0;
  for (const key of [...new Set(keys)].sort()) {
    const isDeleted = await db.transaction(async (tx) => {
      await lockBlobKey(tx, key);
      if (await isBlobReferenced(tx, key)) return false;
      await blobs.delete(key);
      return true;
    });
    if (isDeleted) deleted += 1;
  }
  return deleted;
}
