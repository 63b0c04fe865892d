import type { MediaLimits } from '@domain/listing/media-limits';
import type { DraftMediaItem } from '../api/draft-view';

/** What the wizard hands every step (the fields themselves live in the store). */
export interface WizardStepProps {
  draftId: string | null;
  /** The draft's id, starting the draft on the server first if there is none yet. */
  ensureDraft: () => Promise<string>;
  media: DraftMediaItem[];
  onMediaChange: (media: DraftMediaItem[]) => void;
  mediaLimits: MediaLimits;
}
