import type { LetNation } from '@domain/lettings/rules-by-nation';

/** What `/api/v1/drafts` answers: the wizard's server-side state (docs/listings.md). */
export interface DraftMediaItem {
  key: string;
  kind: 'photo' | 'floorplan';
  width: number;
  height: number;
  caption: string;
}

export interface DraftView {
  id: string;
  listingId: number | null;
  step: number;
  data: Record<string, unknown>;
  media: DraftMediaItem[];
  isOwned: boolean;
  /** The nation of the postcode saved so far (its letting rules apply), once the server knows it. */
  nation: LetNation | null;
}

/** The mutation keys of the draft calls, one prefix for all of them. */
export const draftMutationKey = (call: string) => ['drafts', call] as const;
