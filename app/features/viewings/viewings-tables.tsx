import { Form, Link } from 'react-router';
import { formatCalendarDay } from '@domain/format';
import { formatClock, londonDayOf } from '@domain/viewings/slots';
import type { UpcomingViewing } from '../../../server/marketplace/viewings/list-viewings';

export const whenOf = (viewing: { startsAt: string; endsAt: string }) =>
  `${formatCalendarDay(londonDayOf(new Date(viewing.startsAt)))}, ${formatClock(viewing.startsAt)} to ${formatClock(viewing.endsAt)}`;

/** Move (another page) and cancel (here, after a confirm) for one viewing. */
function ViewingActions({ viewing }: { viewing: UpcomingViewing }) {
  return (
    <div className="viewings-table__actions">
      <Link to={`/my-account/viewings/${viewing.id}/move`}>
        Move<span className="visually-hidden"> the viewing on {whenOf(viewing)}</span>
      </Link>
      <Form
        method="post"
        onSubmit={(event) => {
          if (!window.confirm('Cancel this viewing? The other side will be e-mailed.'))
            event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="viewingId" value={viewing.id} />
        <button type="submit" className="button button--small button--secondary">
          Cancel<span className="visually-hidden"> the viewing on {whenOf(viewing)}</span>
        </button>
      </Form>
    </div>
  );
}

/** Upcoming viewings, one side's: at the user's homes (with who) or those they booked. */
export function ViewingsTable({
  viewings,
  side,
  caption,
}: {
  viewings: UpcomingViewing[];
  side: 'lister' | 'booker';
  caption: string;
}) {
  return (
    <div className="viewings-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="viewings-table" data-testid={`viewings-${side}`}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When (UK time)</th>
            <th scope="col">Home</th>
            {side === 'lister' ? <th scope="col">Who</th> : null}
            <th scope="col">Note</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {viewings.map((viewing) => (
            <tr key={viewing.id} data-testid="viewing">
              <td>{whenOf(viewing)}</td>
              <td>
                <Link to={viewing.listingPath}>{viewing.listingTitle}</Link>
              </td>
              {side === 'lister' ? <td>{viewing.bookerName}</td> : null}
              <td>{viewing.note || '—'}</td>
              <td>
                <ViewingActions viewing={viewing} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
