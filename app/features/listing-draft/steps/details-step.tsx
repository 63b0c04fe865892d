import { optionsOf } from '@domain/labels';
import { CheckboxGroup } from '~/components/ui/choice-group';
import { DraftInput, DraftSelect, useDraftField, useStepErrors } from '../fields/draft-fields';
import { TextInputField } from '../fields/labelled-controls';
import { RoomsEditor } from './rooms-editor';

const AREA_UNITS = [
  ['sq_ft', 'sq ft'],
  ['sq_m', 'm²'],
] as const;

/** Step 3: title, description, key features, rooms, floor area and searchable features. */
export function DetailsStep() {
  const [features = [], setFeatures] = useDraftField<string[]>('features');
  const errors = useStepErrors();
  return (
    <>
      <DraftInput
        field="title"
        label="Title"
        hint="For example: Bright two-bedroom flat by the park"
      />
      <DraftInput
        field="description"
        label="Description"
        isMultiline
        hint="Plain text; leave a blank line between paragraphs. Phone numbers, e-mail addresses and links are removed: people contact you through Roost."
      />
      <KeyFeatures />
      <div className="wizard__row">
        <DraftInput field="bedrooms" label="Bedrooms" type="number" />
        <DraftInput field="bathrooms" label="Bathrooms" type="number" />
        <DraftInput field="receptions" label="Reception rooms" type="number" />
      </div>
      <div className="wizard__row">
        <DraftInput field="floorArea" label="Floor area (optional)" type="number" />
        <DraftSelect field="floorAreaUnit" label="Unit" placeholder={null} options={AREA_UNITS} />
      </div>
      <RoomsEditor />
      <CheckboxGroup
        name="features"
        legend="Features people search for (tick all that apply)"
        options={optionsOf('feature')}
        values={features}
        onChange={setFeatures}
        error={errors.features}
      />
    </>
  );
}

/** One key feature a line, kept as a list; an error on any line shows on the box. */
function KeyFeatures() {
  const [keyFeatures = [], setKeyFeatures] = useDraftField<string[]>('keyFeatures');
  const errors = useStepErrors();
  return (
    <TextInputField
      name="keyFeatures"
      label="Key features (one per line, up to 10)"
      isMultiline
      value={keyFeatures.join('\n')}
      onChange={(text) => setKeyFeatures(text.split('\n'))}
      error={
        errors.keyFeatures ??
        Object.entries(errors).find(([key]) => key.startsWith('keyFeatures.'))?.[1]
      }
    />
  );
}
