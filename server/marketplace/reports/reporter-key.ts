/**
 * How a report's reporter is keyed when they were signed in (reports/report-listing.ts and
 * messages/report-message.ts write it); signed out, it is a hash of their address.
 */
export const reporterKeyOf = (sub: string) => `sub:${sub}`;
