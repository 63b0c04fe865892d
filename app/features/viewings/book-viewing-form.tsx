import { Form, Link } from 'react-router';
import { formatCalendarDay } from '@domain/format';
import { formatClock, slotsByDay } from '@domain/viewings/slots';
import { VIEWING_NOTE_MAX } from '@domain/viewings/viewing-limits';
import { Field } from '~/components/ui/field';
import { SlotPicker, type SlotOption } from './slot-picker';
import { CalendarOnlyNote } from './viewing-wording';

/** Where a listing's viewings are booked (and where a failed booking is shown again). */
export const bookViewingPath = (listingId: number) => `/property/${listingId}/book-viewing`;

/** The note and the submit button under the slot picker. */
export function BookingFields({ note, error }: { note?: string; error?: string | undefined }) {
  return (
    <>
      <Field
        id="viewing-note"
        label="Note for the lister (optional)"
        hint="Your name and e-mail address come from your account."
        error={error}
      >
        {(control) => (
          <textarea
            {...control}
            name="note"
            rows={3}
            maxLength={VIEWING_NOTE_MAX}
            defaultValue={note}
          />
        )}
      </Field>
      <button type="submit" className="button">
        Book this viewing
      </button>
    </>
  );
}

/**
 * 'Book a viewing' on the property page: the next days' free slots from the lister's own
 * calendar. Signed out, the times are listed with a way to sign in and come back to book.
 */
export function BookViewing({
  listingId,
  slots,
  isSignedIn,
}: {
  listingId: number;
  slots: SlotOption[];
  isSignedIn: boolean;
}) {
  if (slots.length === 0) return null;
  const path = bookViewingPath(listingId);
  return (
    <section className="book-viewing" aria-labelledby="book-viewing-title" id="book-viewing">
      <h2 id="book-viewing-title">Book a viewing</h2>
      <CalendarOnlyNote />
      {isSignedIn ? (
        <Form method="post" action={path} className="form">
          <SlotPicker slots={slots} maxDays={4} />
          <p>
            <Link to={path}>See all free times</Link>
          </p>
          <BookingFields />
        </Form>
      ) : (
        <>
          <ul className="book-viewing__days">
            {slotsByDay(slots, 4).map(({ day, slots: times }) => (
              <li key={day}>
                <strong>{formatCalendarDay(day)}:</strong>{' '}
                {times.map((slot) => formatClock(slot.startsAt)).join(', ')}
              </li>
            ))}
          </ul>
          <p>
            <Link className="button" to={`/my-account?redirectTo=${encodeURIComponent(path)}`}>
              Sign in to book a viewing
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
