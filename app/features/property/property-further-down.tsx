import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { ListingMap } from '~/components/listing-map';
import { PropertyCosts } from '~/features/costs/property-costs';
import { BookViewing } from '~/features/viewings/book-viewing-form';
import { Broadband } from './broadband';
import { EarlierListings } from './earlier-listings';
import { EnquiryForm } from './enquiry-form';
import { FloodRisk } from './flood-risk';
import { NearestStations } from './nearest-stations';
import { PriceHistory } from './price-history';
import type { PropertyFormResult, PropertyListing } from './property-types';
import { ReportForm } from './report-form';
import { SchoolsNearby } from './schools-nearby';
import { SoldPrices } from './sold-prices';

/** What the route's loader gives this part (typed here: the route's own types would be circular). */
interface FurtherDownData {
  listing: PropertyListing;
  isOwner: boolean;
  user: ComponentProps<typeof EnquiryForm>['user'];
  lister: { publicId: string; displayName: string } | null;
  earlierListings: ComponentProps<typeof EarlierListings>['listings'];
  soldPrices: ComponentProps<typeof SoldPrices>['soldPrices'];
  floodRisk: ComponentProps<typeof FloodRisk>['floodRisk'];
  schools: ComponentProps<typeof SchoolsNearby>['schools'];
  broadband: ComponentProps<typeof Broadband>['broadband'];
  stations: ComponentProps<typeof NearestStations>['stations'];
  viewingSlots: ComponentProps<typeof BookViewing>['slots'];
}

/**
 * The property page below the photos and details: the listing's history, what surrounds the
 * home, costs, the map and the forms to book, ask or report. A chunk of its own
 * (`deferredComponent` in the route), as none of it is on screen when the page first paints.
 */
export default function PropertyFurtherDown({
  loaderData,
  actionData,
}: {
  loaderData: FurtherDownData;
  actionData: PropertyFormResult;
}) {
  const { listing, isOwner, user, lister } = loaderData;
  return (
    <>
      <PriceHistory listing={listing} />
      <EarlierListings listings={loaderData.earlierListings} />
      <SoldPrices soldPrices={loaderData.soldPrices} country={listing.country} />
      <FloodRisk floodRisk={loaderData.floodRisk} />
      <SchoolsNearby
        schools={loaderData.schools}
        country={listing.country}
        isApproximate={listing.location.isApproximate}
      />
      <PropertyCosts listing={listing} />
      <Broadband broadband={loaderData.broadband} />
      <NearestStations
        stations={loaderData.stations}
        isApproximate={listing.location.isApproximate}
      />
      <ListingMap
        lat={listing.location.lat}
        lng={listing.location.lng}
        isApproximate={listing.location.isApproximate}
        label={listing.displayAddress}
      />
      {lister ? (
        <p className="property__lister">
          Listed by <Link to={`/listers/${lister.publicId}`}>{lister.displayName}</Link>
        </p>
      ) : null}
      <BookViewing listingId={listing.id} slots={loaderData.viewingSlots} isSignedIn={!!user} />
      {isOwner ? null : (
        <>
          <EnquiryForm
            actionData={actionData}
            user={user}
            isOpen={listing.status === 'active' || listing.status === 'under_offer'}
          />
          <ReportForm actionData={actionData} />
        </>
      )}
    </>
  );
}
