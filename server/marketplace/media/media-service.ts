import type { MarketplaceDeps, Visitor } from '../marketplace-deps.ts';
import { addDraftMedia } from './add-draft-media.ts';
import { arrangeDraftMedia } from './arrange-draft-media.ts';

type OfDraft = Visitor & { draftId: string };

/** Photos and floorplans of a listing draft: uploads checked and cleaned, then ordered. */
export function createMediaService({ db, media }: Pick<MarketplaceDeps, 'db' | 'media'>) {
  return {
    /** What the upload form tells people before they pick files. */
    limits: { maxPhotos: media.maxPhotos, maxBytes: media.limits.maxBytes },
    add: ({
      user,
      draftId,
      kind,
      bytes,
    }: OfDraft & { kind: 'photo' | 'floorplan'; bytes: Buffer }) =>
      addDraftMedia(db, media, { draftId, userSub: user?.userId, kind, bytes }),
    arrange: ({ user, draftId, input }: OfDraft & { input: unknown }) =>
      arrangeDraftMedia(db, { draftId, userSub: user?.userId, input }),
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
