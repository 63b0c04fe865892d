import { Form, Link, redirect } from 'react-router';
import { SlotPicker } from '~/features/viewings/slot-picker';
import { BookingFields } from '~/features/viewings/book-viewing-form';
import { CalendarOnlyNote } from '~/features/viewings/viewing-wording';
import listingStyles from '~/styles/listings.css?url';
import { requireUser } from '../../server/auth/guards';
import { formTexts } from '../../server/http/form-submission';
import { failureAsPage, formFailure } from '../../server/http/route-errors';
import type { Route } from './+types/property-book-viewing';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: listingStyles }];

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [
    { title: `Book a viewing – ${loaderData?.listing.title ?? 'listing'} | Roost` },
    { name: 'robots', content: 'noindex' },
  ];
}

/** Every free slot of one listing, for a signed-in visitor to book one. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  return context.marketplace.viewings
    .bookingChoices({ listingId: Number(params.id), user })
    .catch(failureAsPage);
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireUser(context.user, request);
  const form = await request.formData();
  const values = formTexts(form);
  try {
    const viewing = await context.marketplace.viewings.book({
      user,
      listingId: Number(params.id),
      input: { startsAt: values.startsAt ?? '', note: values.note ?? '' },
    });
    return redirect(`/my-account/viewings?booked=${viewing.id}`);
  } catch (error) {
    return formFailure(error, { values }, { asPage: ['NOT_FOUND'] });
  }
}

export default function BookViewingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, isOwner, slots } = loaderData;
  const failure = actionData && 'error' in actionData ? actionData : undefined;
  return (
    <article className="page narrow book-viewing-page">
      <p className="breadcrumbs">
        <Link to={listing.path}>{listing.title}</Link> › Book a viewing
      </p>
      <h1>Book a viewing</h1>
      <CalendarOnlyNote />
      {failure ? (
        <div className="alert alert--error" role="alert">
          <p>{failure.fields.startsAt ?? failure.error}</p>
        </div>
      ) : null}
      {isOwner ? (
        <p>
          This is your listing.{' '}
          <Link to={`/my-account/listings/${listing.id}/viewings`}>
            Set when people can book viewings
          </Link>
          .
        </p>
      ) : slots.length === 0 ? (
        <p>
          There are no free times just now. You can still send the lister a message from the
          listing.
        </p>
      ) : (
        <Form method="post" className="form">
          <SlotPicker slots={slots} />
          <BookingFields note={failure?.values.note} error={failure?.fields.note} />
        </Form>
      )}
    </article>
  );
}
