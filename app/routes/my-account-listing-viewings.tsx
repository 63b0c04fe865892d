import { Link } from 'react-router';
import { AvailabilityForm } from '~/features/viewings/availability-form';
import { CalendarOnlyNote } from '~/features/viewings/viewing-wording';
import listingStyles from '~/styles/listings.css?url';
import { requireUser } from '../../server/auth/guards';
import { formValues } from '../../server/http/form-submission';
import { failureAsPage, formFailure } from '../../server/http/route-errors';
import type { Route } from './+types/my-account-listing-viewings';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: listingStyles }];

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [
    { title: `Viewing times – ${loaderData?.listing.title ?? 'listing'} | Roost` },
    { name: 'robots', content: 'noindex' },
  ];
}

/** The owner's viewing calendar for one listing (anyone else: 404). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  const { listing, availability, isSet } = await context.marketplace.viewings
    .availability({ user, listingId: Number(params.id) })
    .catch(failureAsPage);
  return { listing: { id: listing.id, title: listing.title }, availability, isSet };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireUser(context.user, request);
  const form = await request.formData();
  try {
    await context.marketplace.viewings.saveAvailability({
      user,
      listingId: Number(params.id),
      input: formValues(form),
    });
    return { message: 'Viewing times saved. Free times now show on your listing.' };
  } catch (error) {
    return formFailure(error, {}, { asPage: ['NOT_FOUND'] });
  }
}

export default function ListingViewingTimes({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, availability } = loaderData;
  const fields = actionData && 'fields' in actionData ? actionData.fields : {};
  return (
    <article className="page narrow">
      <p className="breadcrumbs">
        <Link to="/my-account">My account</Link> › <Link to="/my-account/viewings">Viewings</Link> ›
        Viewing times
      </p>
      <h1>Viewing times for {listing.title}</h1>
      <CalendarOnlyNote as="lister" />
      <p>
        Signed-in buyers and tenants book a free time from your listing’s page; you both get an
        e-mail with a calendar file, and a reminder the day before. Whoever books sees the full
        address in their confirmation. These times are for this home only; a viewing booked at any
        of your homes keeps that time free of viewings at the others.
      </p>
      {actionData && 'message' in actionData ? (
        <div className="alert alert--success" role="status">
          <p>{actionData.message}</p>
        </div>
      ) : null}
      {actionData && 'error' in actionData ? (
        <div className="alert alert--error" role="alert">
          <p>{actionData.error}</p>
        </div>
      ) : null}
      <AvailabilityForm
        key={JSON.stringify(availability)}
        availability={availability}
        fields={fields}
      />
      <p>
        <Link to={`/my-account/listings/${listing.id}`}>Back to the listing</Link>
      </p>
    </article>
  );
}
