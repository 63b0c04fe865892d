import { optionsOf } from '@domain/labels';
import { DraftRadios, DraftSelect } from '../fields/draft-fields';

const CHANNEL_CHOICES = [
  ['sale', 'Selling'],
  ['rent', 'Letting'],
] as const;

/** Step 1: selling or letting, and the type of property. */
export function TypeStep() {
  return (
    <>
      <DraftRadios field="channel" label="Are you selling or letting?" options={CHANNEL_CHOICES} />
      <DraftSelect
        field="propertyType"
        label="Type of property"
        options={optionsOf('propertyType')}
      />
    </>
  );
}
