import { MAX_FLOORPLANS, type MediaLimits } from '../../../domain/listing/media-limits.ts';
import { refuseWhenLimited } from '../../http/retry-later-error.ts';
import type { MarketplaceDeps, Visitor } from '../marketplace-deps.ts';
import { addDraftMedia } from './add-draft-media.ts';
import { arrangeDraftMedia } from './arrange-draft-media.ts';

type OfDraft = Visitor & { draftId: string };

/** The shared limiter's key for a signed-in uploader (erasure forgets it with the account). */
export const userUploadLimitKey = (sub: string) => `upload:user:${sub}`;

/** Photos and floorplans of a listing draft: uploads checked and cleaned, then ordered. */
export function createMediaService({
  db,
  media,
  limiter,
  uploadsPerHour,
}: Pick<MarketplaceDeps, 'db' | 'media' | 'limiter' | 'uploadsPerHour'>) {
  /** Uploads per user, or per address when signed out, in the shared limiter: 429 past it. */
  async function limitUploads(key: string) {
    refuseWhenLimited(
      await limiter.take(key, uploadsPerHour, 3600),
      'You have uploaded a lot of photos in the last hour; try again later.',
    );
  }
  return {
    /** What the upload form tells people before they pick files. */
    limits: {
      maxPhotos: media.maxPhotos,
      maxFloorplans: MAX_FLOORPLANS,
      maxBytes: media.limits.maxBytes,
    } satisfies MediaLimits,
    add: ({
      user,
      draftId,
      kind,
      bytes,
      ip,
    }: OfDraft & { kind: 'photo' | 'floorplan'; bytes: Buffer; ip?: string }) =>
      limitUploads(user ? userUploadLimitKey(user.userId) : `upload:ip:${ip ?? 'unknown'}`).then(
        () => addDraftMedia(db, media, { draftId, userSub: user?.userId, kind, bytes }),
      ),
    arrange: ({ user, draftId, input }: OfDraft & { input: unknown }) =>
      arrangeDraftMedia(db, media.blobs, { draftId, userSub: user?.userId, input }),
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
