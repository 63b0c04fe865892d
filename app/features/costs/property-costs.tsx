import { lazy, Suspense } from 'react';
import { monthlyRentOf } from '@domain/costs/rent-affordability';
import { RentAffordabilityHint } from './rent-affordability-hint';

// The calculators' script (5 KB gzip, shared with the tools pages) is not part of the property
// page's own bundle: the server renders them in full, and in the browser that part of the page
// becomes interactive once its code has arrived, just after the rest.
const SaleCosts = lazy(() => import('./sale-costs'));

interface CostsListing {
  channel: 'sale' | 'rent';
  price: number;
  rentPeriod: 'month' | 'week' | null;
  country: string;
}

/** The costs of buying (tax and mortgage) on a sale; the income referencing asks for on a let. */
export function PropertyCosts({ listing }: { listing: CostsListing }) {
  if (listing.channel === 'rent') {
    return <RentAffordabilityHint monthlyRent={monthlyRentOf(listing.price, listing.rentPeriod)} />;
  }
  return (
    <Suspense fallback={null}>
      <SaleCosts price={listing.price} country={listing.country} />
    </Suspense>
  );
}
