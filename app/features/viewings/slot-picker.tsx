import { formatCalendarDay } from '@domain/format';
import { formatClock, slotsByDay } from '@domain/viewings/slots';
import { FieldNotes } from '~/components/ui/field';

export interface SlotOption {
  startsAt: string;
  endsAt: string;
}

/**
 * Free viewing slots as radio buttons, one group per UK day (times in Europe/London). The group
 * names the day, so each time reads in full to a screen reader ('Tuesday 1 December 2026, 10:00').
 */
export function SlotPicker({
  slots,
  maxDays,
  error,
  idBase = 'viewing-slot',
}: {
  slots: SlotOption[];
  maxDays?: number;
  error?: string | undefined;
  idBase?: string;
}) {
  const days = slotsByDay(slots, maxDays);
  return (
    <fieldset
      className="form-field slot-picker"
      aria-describedby={error ? `${idBase}-error` : undefined}
    >
      <legend>Choose a time (UK time)</legend>
      <FieldNotes id={idBase} error={error} />
      {days.map(({ day, slots: daySlots }) => (
        <div
          key={day}
          className="slot-picker__day"
          role="group"
          aria-labelledby={`${idBase}-${day}`}
        >
          <p className="slot-picker__day-name" id={`${idBase}-${day}`}>
            {formatCalendarDay(day)}
          </p>
          <div className="slot-picker__times">
            {daySlots.map((slot) => (
              <label key={slot.startsAt} className="slot-picker__time">
                <input type="radio" name="startsAt" value={slot.startsAt} required />{' '}
                {formatClock(slot.startsAt)}
              </label>
            ))}
          </div>
        </div>
      ))}
    </fieldset>
  );
}
