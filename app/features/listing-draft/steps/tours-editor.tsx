import { MAX_TOURS } from '@domain/listing/enums';
import type { TourLink } from '@domain/listing/material-information';
import { Button } from '~/components/ui/button';
import { useDraftField, useStepErrors } from '../fields/draft-fields';
import { SelectField, TextInputField } from '../fields/labelled-controls';

const TOUR_KINDS = [
  ['video', 'Video'],
  ['tour', 'Virtual tour'],
] as const;

/** Links to videos and virtual tours (up to MAX_TOURS), each with its kind. */
export function ToursEditor() {
  const [tours = [], setTours] = useDraftField<TourLink[]>('tours');
  const errors = useStepErrors();
  const update = (index: number, patch: Partial<TourLink>) =>
    setTours(tours.map((tour, position) => (position === index ? { ...tour, ...patch } : tour)));
  return (
    <div>
      {tours.map((tour, index) => (
        <div className="wizard__row" key={index}>
          <SelectField
            name={`tours-${index}-kind`}
            label="Kind"
            value={tour.kind}
            onChange={(kind) => update(index, { kind: kind === 'tour' ? 'tour' : 'video' })}
            options={TOUR_KINDS}
          />
          <TextInputField
            name={`tours-${index}-url`}
            label="Link (https://…)"
            type="url"
            value={tour.url}
            onChange={(url) => update(index, { url })}
            error={errors[`tours.${index}.url`]}
          />
          <Button
            variant="secondary"
            size="small"
            onClick={() => setTours(tours.filter((_, position) => position !== index))}
          >
            Remove
          </Button>
        </div>
      ))}
      {tours.length < MAX_TOURS ? (
        <Button
          variant="secondary"
          size="small"
          onClick={() => setTours([...tours, { kind: 'video', url: '', title: '' }])}
        >
          Add a video or tour link
        </Button>
      ) : null}
    </div>
  );
}
