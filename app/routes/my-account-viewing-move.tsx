import { data, Form, Link, redirect } from 'react-router';
import { SlotPicker } from '~/features/viewings/slot-picker';
import { whenOf } from '~/features/viewings/viewings-tables';
import { CalendarOnlyNote } from '~/features/viewings/viewing-wording';
import listingStyles from '~/styles/listings.css?url';
import { requireUser } from '../../server/auth/guards';
import { formText } from '../../server/http/form-submission';
import { formFailure } from '../../server/http/route-errors';
import type { Route } from './+types/my-account-viewing-move';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: listingStyles }];

export function meta() {
  return [{ title: 'Move a viewing | Roost' }, { name: 'robots', content: 'noindex' }];
}

/** One of the user's own upcoming viewings (either side; anyone else: 404) and the free slots. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  const { viewings } = context.marketplace;
  const viewing = (await viewings.upcoming({ user })).find(
    (item) => item.id === Number(params.viewingId),
  );
  if (!viewing) throw data(null, { status: 404 });
  const slots = await viewings.openSlots({ listingId: viewing.listingId, isOwner: false });
  return { viewing, slots };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireUser(context.user, request);
  const form = await request.formData();
  try {
    await context.marketplace.viewings.move({
      user,
      viewingId: Number(params.viewingId),
      input: { startsAt: formText(form, 'startsAt') },
    });
    return redirect('/my-account/viewings?moved=1');
  } catch (error) {
    return formFailure(error, {}, { asPage: ['NOT_FOUND'] });
  }
}

export default function MoveViewing({ loaderData, actionData }: Route.ComponentProps) {
  const { viewing, slots } = loaderData;
  return (
    <article className="page narrow">
      <p className="breadcrumbs">
        <Link to="/my-account/viewings">Your viewings</Link> › Move a viewing
      </p>
      <h1>Move a viewing</h1>
      <p>
        {viewing.listingTitle}: now {whenOf(viewing)} (UK time).
      </p>
      <CalendarOnlyNote as={viewing.side === 'lister' ? 'lister' : 'visitor'} />
      {actionData && 'error' in actionData ? (
        <div className="alert alert--error" role="alert">
          <p>{actionData.error}</p>
        </div>
      ) : null}
      {slots.length ? (
        <Form method="post" className="form">
          <SlotPicker slots={slots} />
          <button type="submit" className="button">
            Move the viewing
          </button>
        </Form>
      ) : (
        <p>There are no other free times just now.</p>
      )}
    </article>
  );
}
