import { isbot } from 'isbot';
import { Suspense, useEffect } from 'react';
import { data, redirect, useSearchParams } from 'react-router';
import { deferredComponent } from '~/components/deferred-component';
import { ListingGallery } from '~/components/listing-gallery';
import { JsonLd } from '~/features/property/json-ld';
import { ListingUnavailable } from '~/features/property/listing-unavailable';
import { EpcChart } from '~/features/property/epc-chart';
import { PropertyDetails } from '~/features/property/property-details';
import { propertyFactsOf } from '~/features/property/property-facts';
import { PropertyActions, PropertyHeader } from '~/features/property/property-header';
import { PropertyMedia } from '~/features/property/property-media';
import { listingJsonLd, propertyMeta } from '~/features/property/property-meta';
import { rememberViewed } from '~/features/search/visitor-memory';
import { enquiryInputFromForm } from '@domain/enquiry/enquiry-form-fields';
import { listingPath } from '@domain/listing/listing-url';
import { HIDDEN_LISTING_STATUS } from '@domain/listing/visibility';
import listingStyles from '~/styles/listings.css?url';
import { dispatchIntent, formText, formTexts } from '../../server/http/form-submission';
import { formFailure } from '../../server/http/route-errors';
import type { Route } from './+types/property';

/** Everything below the details: rendered on the server, its code loaded apart from the route's. */
const PropertyFurtherDown = deferredComponent(
  async () => (await import('~/features/property/property-further-down')).default,
);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: listingStyles }];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  const { listings } = context.marketplace;
  const found = Number.isSafeInteger(id) ? await listings.lookUp({ listingId: id }) : undefined;
  if (!found || found.listing.status === 'draft') throw data(null, { status: 404 });
  const { listing, visibility } = found;
  const canonical = listingPath(listing);
  const url = new URL(request.url);
  if (url.pathname !== canonical) throw redirect(`${canonical}${url.search}`, 301);
  if (visibility !== 'public') {
    throw data(
      { channel: listing.channel, title: listing.title },
      { status: HIDDEN_LISTING_STATUS[visibility] },
    );
  }
  const isOwner = context.user?.userId === found.ownerSub;
  if (!isOwner && !isbot(request.headers.get('user-agent') ?? '')) {
    listings.recordView({ listingId: id });
  }
  const { soldPrices, broadband, stations, floodRisk, schools, homeHistory, viewings } =
    context.marketplace;
  // What surrounds the home, from open data and Roost's own history, read side by side from
  // the home's private place as the lookup read it (never sent to the page).
  const { home } = found;
  const [sold, speeds, nearestStations, flood, nearbySchools, earlierListings, viewingSlots] =
    await Promise.all([
      soldPrices.aroundHome(home),
      broadband.forPostcode({ postcode: home.postcode }),
      stations.nearest(listing.location),
      floodRisk.forHome({ ...listing.location, country: listing.country }),
      schools.nearHome(home),
      homeHistory.earlierListingsOf(home),
      viewings.openSlotsOf({ listing: { ...home, id: home.listingId }, isOwner }),
      PropertyFurtherDown.preload(),
    ]);
  return {
    listing,
    facts: propertyFactsOf(listing),
    soldPrices: sold,
    broadband: speeds,
    stations: nearestStations,
    floodRisk: flood,
    schools: nearbySchools,
    earlierListings,
    viewingSlots,
    lister: found.lister ?? null,
    canonical,
    origin: url.origin,
    isOwner,
    user: context.user ? { name: context.user.name ?? '', email: context.user.email ?? '' } : null,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formTexts(form);
  const sender = { user: context.user, listingId: Number(params.id), ip: context.clientIp };
  const { enquiries, reports } = context.marketplace;
  try {
    return await dispatchIntent<{ intent: string; status: 'sent' }>(form, {
      enquiry: async () => {
        await enquiries.submit({ ...sender, input: enquiryInputFromForm(values) });
        return { intent: 'enquiry', status: 'sent' };
      },
      report: async () => {
        await reports.submit({ ...sender, input: values });
        return { intent: 'report', status: 'sent' };
      },
    });
  } catch (error) {
    return formFailure(error, {
      intent: formText(form, 'intent'),
      status: 'error' as const,
      values,
    });
  }
}

/** A navigation in the browser waits for the lower part's chunk too, so it never shows empty. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), PropertyFurtherDown.preload()]);
  return loaded;
}

export function meta({ data: loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [{ title: 'Listing not available | Roost' }];
  return propertyMeta(loaderData);
}

export default function Property({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, isOwner } = loaderData;
  const [searchParams] = useSearchParams();
  useEffect(() => rememberViewed(listing.id), [listing.id]);
  return (
    <article className="page property">
      <JsonLd value={listingJsonLd(loaderData)} />
      {searchParams.get('published') ? (
        <div className="alert alert--success" role="status">
          <p>Your listing is live. People can find it in search and contact you through Roost.</p>
        </div>
      ) : null}
      <PropertyHeader listing={listing} />
      <PropertyActions place={loaderData} isOwner={isOwner} />
      <ListingGallery photos={listing.photos} title={listing.title} />
      <PropertyDetails listing={listing} facts={loaderData.facts} />
      <EpcChart current={listing.epcRating} potential={listing.epcPotential} />
      <PropertyMedia listing={listing} />
      {/* No fallback shows: the server's loader and `clientLoader` await the chunk first, and
          while it loads during hydration React keeps the server's HTML in place. */}
      <Suspense fallback={null}>
        <PropertyFurtherDown loaderData={loaderData} actionData={actionData} />
      </Suspense>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const isGone =
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    (error.status === 410 || error.status === 404);
  return <ListingUnavailable isGone={isGone} />;
}
