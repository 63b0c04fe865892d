/** Said wherever viewings are booked or managed: the lister acts, Roost only hosts the calendar. */
export function CalendarOnlyNote({ as = 'visitor' }: { as?: 'visitor' | 'lister' }) {
  return (
    <p className="hint viewings-note">
      {as === 'lister'
        ? 'You show your home and arrange your own viewings: Roost only hosts your calendar. Roost is not an agent and does not attend.'
        : 'The lister shows the home and set these times themselves: Roost only hosts their calendar. Roost is not an agent and does not attend.'}
    </p>
  );
}
