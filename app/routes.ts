import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('search/for-sale/:place?', 'routes/search.tsx', { id: 'search-for-sale' }),
  route('search/for-rent/:place?', 'routes/search.tsx', { id: 'search-for-rent' }),
  route('property/new', 'routes/property-new.tsx'),
  route('property/:id/edit', 'routes/property-edit.tsx'),
  route('property/:id/:slug?', 'routes/property.tsx'),
  route('favourites', 'routes/favourites.tsx'),
  route('my-account/listings/:id', 'routes/my-account-listing.tsx'),
  route('saved-searches', 'routes/saved-searches.tsx'),
  route('alerts/unsubscribe', 'routes/alerts-unsubscribe.tsx'),
  route('pricing', 'routes/pricing.tsx'),
  route('contact-us', 'routes/contact-us.tsx'),
  route('about-us', 'routes/about-us.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('terms-of-use', 'routes/terms-of-use.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('payment-refund-policy', 'routes/payment-refund-policy.tsx'),
  route('my-account', 'routes/my-account.tsx'),
  route('admin-portal', 'routes/admin-portal.tsx', [
    index('routes/admin-portal-section.tsx', { id: 'admin-portal-home' }),
    route('reported-ads', 'routes/admin-portal-reported-ads.tsx'),
    route('*', 'routes/admin-portal-section.tsx', { id: 'admin-portal-section' }),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
