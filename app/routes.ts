import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('search/for-sale/:place?', 'routes/search.tsx', { id: 'search-for-sale' }),
  route('search/for-rent/:place?', 'routes/search.tsx', { id: 'search-for-rent' }),
  route('property/:id/:slug?', 'routes/property.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
