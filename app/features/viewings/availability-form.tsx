import { Form } from 'react-router';
import { formatCalendarDay } from '@domain/format';
import type { Availability } from '@domain/viewings/slots';
import { BOOK_AHEAD_DAYS, GAP_MINUTES, SLOT_MINUTES } from '@domain/viewings/viewing-limits';
import { WEEK } from '@domain/viewings/viewing-schemas';
import { FieldGroup } from '~/components/ui/field-group';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';

const minutes = (value: number) => (value === 0 ? 'No gap' : `${value} minutes`);

interface FormPart {
  availability: Availability;
  fields: Record<string, string>;
}

/** One range of hours a day, Monday first; both blank for a day without viewings. */
function WeeklyHoursFields({ availability, fields }: FormPart) {
  const hoursOf = (weekday: number) =>
    availability.weekly.find((range) => range.weekday === weekday);
  return (
    <FieldGroup
      idBase="weekly-hours"
      legend="Weekly hours"
      hint="The times you can show the home each week, UK time. Leave both blank for a day without viewings."
    >
      {WEEK.map(({ weekday, name }) => (
        <div key={weekday} className="availability-form__day" role="group" aria-label={name}>
          <span className="availability-form__day-name" aria-hidden="true">
            {name}
          </span>
          <TextField
            id={`from-${weekday}`}
            name={`from-${weekday}`}
            label={<>{name} from</>}
            type="time"
            step={300}
            defaultValue={hoursOf(weekday)?.from ?? ''}
            error={fields[`from-${weekday}`]}
          />
          <TextField
            id={`to-${weekday}`}
            name={`to-${weekday}`}
            label={<>{name} until</>}
            type="time"
            step={300}
            defaultValue={hoursOf(weekday)?.to ?? ''}
            error={fields[`to-${weekday}`]}
          />
        </div>
      ))}
    </FieldGroup>
  );
}

/** The days off kept (untick to remove) and one more to add. */
function DatesOffFields({ datesOff, fields }: { datesOff: string[]; fields: FormPart['fields'] }) {
  return (
    <FieldGroup idBase="dates-off" legend="Days off" error={fields.datesOff}>
      {datesOff.length ? (
        datesOff.map((day) => (
          <label key={day} className="choice">
            <input type="checkbox" name="datesOff" value={day} defaultChecked />{' '}
            {formatCalendarDay(day)}
          </label>
        ))
      ) : (
        <p className="hint">No days off.</p>
      )}
      <TextField
        id="addDateOff"
        name="addDateOff"
        label="Add a day off"
        hint="No viewings that day, whatever your weekly hours. Untick a day above to take it off the list."
        type="date"
        error={fields.addDateOff}
      />
    </FieldGroup>
  );
}

/**
 * The lister's weekly hours (one range a day; both times blank for no viewings that day), days
 * off, and the three choices: viewing length, gap, how far ahead.
 */
export function AvailabilityForm({ availability, fields }: FormPart) {
  return (
    <Form method="post" className="form availability-form">
      <WeeklyHoursFields availability={availability} fields={fields} />
      <SelectField
        id="slotMinutes"
        name="slotMinutes"
        label="Each viewing lasts"
        defaultValue={String(availability.slotMinutes)}
        options={SLOT_MINUTES.map((value) => [String(value), `${value} minutes`] as const)}
        error={fields.slotMinutes}
      />
      <SelectField
        id="gapMinutes"
        name="gapMinutes"
        label="Gap between viewings"
        defaultValue={String(availability.gapMinutes)}
        options={GAP_MINUTES.map((value) => [String(value), minutes(value)] as const)}
        error={fields.gapMinutes}
      />
      <SelectField
        id="bookAheadDays"
        name="bookAheadDays"
        label="People may book up to"
        defaultValue={String(availability.bookAheadDays)}
        options={BOOK_AHEAD_DAYS.map((value) => [String(value), `${value} days ahead`] as const)}
        error={fields.bookAheadDays}
      />
      <DatesOffFields datesOff={availability.datesOff} fields={fields} />
      <button type="submit" className="button">
        Save viewing times
      </button>
    </Form>
  );
}
