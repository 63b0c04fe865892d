import { FieldGroup } from '~/components/ui/field-group';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { addDays, londonToday } from '@domain/dates';
import { MAX_VIEWING_TIMES, VIEWING_WINDOW_DAYS } from '@domain/enquiry/viewing-times';
import { optionsOf } from '@domain/labels';

interface ViewingTimesProps {
  values: Record<string, string>;
  fields: Record<string, string>;
}

/** One choice of day and time of day; the first is needed, the others optional. */
function ViewingChoice({ index, values, fields }: ViewingTimesProps & { index: number }) {
  const n = index + 1;
  const choice = <span className="visually-hidden">Choice {n}: </span>;
  return (
    <div className="viewing-times__row">
      <TextField
        id={`enquiry-viewingDate${n}`}
        label={
          <>
            {choice}Day{n > 1 ? ' (optional)' : ''}
          </>
        }
        error={fields[`viewingTimes.${index}.date`]}
        name={`viewingDate${n}`}
        type="date"
        min={addDays(londonToday(), 1)}
        max={addDays(londonToday(), VIEWING_WINDOW_DAYS)}
        defaultValue={values[`viewingDate${n}`]}
      />
      <SelectField
        id={`enquiry-viewingPeriod${n}`}
        label={<>{choice}Time of day</>}
        error={fields[`viewingTimes.${index}.period`]}
        name={`viewingPeriod${n}`}
        defaultValue={values[`viewingPeriod${n}`] ?? ''}
        placeholder="Choose…"
        options={optionsOf('viewingPeriod')}
      />
    </div>
  );
}

/** Up to three days and times that would suit the visitor for a viewing. */
export function ViewingTimes(props: ViewingTimesProps) {
  return (
    <FieldGroup
      idBase="enquiry-viewing"
      id="enquiry-viewing-times"
      className="viewing-times"
      legend="When would suit you for a viewing?"
      hint={`Give up to ${MAX_VIEWING_TIMES} days and times, from tomorrow; the lister will reply to arrange one.`}
      error={props.fields.viewingTimes}
    >
      {Array.from({ length: MAX_VIEWING_TIMES }, (_, index) => (
        <ViewingChoice key={index} index={index} {...props} />
      ))}
    </FieldGroup>
  );
}
