import { Link, useSearchParams } from 'react-router';
import { ViewingsTable } from '~/features/viewings/viewings-tables';
import { CalendarOnlyNote } from '~/features/viewings/viewing-wording';
import listingStyles from '~/styles/listings.css?url';
import { requireUser } from '../../server/auth/guards';
import { dispatchIntent, formText } from '../../server/http/form-submission';
import { formFailure } from '../../server/http/route-errors';
import type { Route } from './+types/my-account-viewings';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: listingStyles }];

export function meta() {
  return [{ title: 'Your viewings | Roost' }, { name: 'robots', content: 'noindex' }];
}

/** The user's upcoming viewings, both sides, and their homes' viewing calendars. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  const { viewings, listings } = context.marketplace;
  const upcoming = await viewings.upcoming({ user });
  const own = await listings.findOwn({ user });
  return {
    atMyHomes: upcoming.filter((viewing) => viewing.side === 'lister'),
    booked: upcoming.filter((viewing) => viewing.side === 'booker'),
    homes: own
      .filter((listing) => listing.status === 'active' || listing.status === 'under_offer')
      .map((listing) => ({ id: listing.id, title: listing.title })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context.user, request);
  const form = await request.formData();
  try {
    return await dispatchIntent(form, {
      cancel: async () => {
        await context.marketplace.viewings.cancel({
          user,
          viewingId: Number(formText(form, 'viewingId')),
        });
        return { message: 'Viewing cancelled. We have e-mailed the other side.' };
      },
    });
  } catch (error) {
    return formFailure(error, {});
  }
}

const NOTICES: Record<string, string> = {
  booked:
    'Viewing booked. We have e-mailed you and the lister a confirmation with a calendar file.',
  moved: 'Viewing moved. We have e-mailed the other side the new time.',
};

export default function MyViewings({ loaderData, actionData }: Route.ComponentProps) {
  const { atMyHomes, booked, homes } = loaderData;
  const [searchParams] = useSearchParams();
  const notice =
    actionData && 'message' in actionData
      ? actionData.message
      : searchParams.has('booked')
        ? NOTICES.booked
        : searchParams.has('moved')
          ? NOTICES.moved
          : undefined;
  return (
    <article className="page viewings-page">
      <p className="breadcrumbs">
        <Link to="/my-account">My account</Link> › Viewings
      </p>
      <h1>Your viewings</h1>
      {notice ? (
        <div className="alert alert--success" role="status">
          <p>{notice}</p>
        </div>
      ) : null}
      {actionData && 'error' in actionData ? (
        <div className="alert alert--error" role="alert">
          <p>{actionData.error}</p>
        </div>
      ) : null}
      <section aria-labelledby="viewings-homes">
        <h2 id="viewings-homes">Viewings of your homes</h2>
        <CalendarOnlyNote as="lister" />
        {atMyHomes.length ? (
          <ViewingsTable
            viewings={atMyHomes}
            side="lister"
            caption="Upcoming viewings of your homes"
          />
        ) : (
          <p>No viewings booked at your homes.</p>
        )}
        {homes.length ? (
          <>
            <h3>When people can book</h3>
            <ul className="viewings-page__homes">
              {homes.map((home) => (
                <li key={home.id}>
                  <Link to={`/my-account/listings/${home.id}/viewings`}>
                    Viewing times for {home.title}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <section aria-labelledby="viewings-booked">
        <h2 id="viewings-booked">Viewings you have booked</h2>
        {booked.length ? (
          <ViewingsTable
            viewings={booked}
            side="booker"
            caption="Upcoming viewings you have booked"
          />
        ) : (
          <p>
            You have no viewings booked. Book one from a home’s page, where its lister offers times.
          </p>
        )}
      </section>
    </article>
  );
}
