// Every marketplace table, gathered for drizzle-kit. Import tables from their owning area instead.
export * from './market-schema.ts';
export * from './app-state-schema.ts';
export * from '../listings/schema.ts';
export * from '../contact/schema.ts';
export * from '../search/schema.ts';
export * from '../../jobs/schema.ts';
export * from '../alerts/schema.ts';
export * from '../enquiries/schema.ts';
export * from '../reports/schema.ts';
export * from '../moderation/schema.ts';
export * from '../favourites/schema.ts';
export * from '../payments/schema.ts';
export * from '../audit/schema.ts';
export * from '../admin-users/schema.ts';
export * from '../campaigns/schema.ts';
export * from '../messages/schema.ts';
export * from '../media/schema.ts';
