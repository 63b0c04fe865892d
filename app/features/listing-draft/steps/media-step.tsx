import { ErrorText } from '~/components/ui/error-text';
import { useStepErrors } from '../fields/draft-fields';
import { MediaManager } from '../media/media-manager';
import type { WizardStepProps } from './step-props';
import { ToursEditor } from './tours-editor';

/** Step 5: photos (at least one), floorplans, and links to videos and tours. */
export function MediaStep({
  draftId,
  ensureDraft,
  media,
  onMediaChange,
  mediaLimits,
}: WizardStepProps) {
  const errors = useStepErrors();
  // The 'add at least one photo' error is stale as soon as a photo is in.
  const hasPhoto = media.some((item) => item.kind === 'photo');
  const shared = { draftId, ensureDraft, items: media, onChange: onMediaChange };
  return (
    <>
      <h3>Photos</h3>
      <ErrorText id="photos-error">{hasPhoto ? undefined : errors.photos}</ErrorText>
      <MediaManager
        {...shared}
        kind="photo"
        maxItems={mediaLimits.maxPhotos}
        maxBytes={mediaLimits.maxBytes}
      />
      <h3>Floorplans</h3>
      <MediaManager
        {...shared}
        kind="floorplan"
        maxItems={mediaLimits.maxFloorplans}
        maxBytes={mediaLimits.maxBytes}
      />
      <h3>Videos and virtual tours</h3>
      <ToursEditor />
    </>
  );
}
