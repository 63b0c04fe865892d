import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { milesToMetres } from '../../../domain/search/search-params.ts';
import { summaryColumns, toSummaries, type ListingSummary } from '../listings/listing-summary.ts';
import { listings, type Listing } from '../listings/schema.ts';
import { placementRunningAt } from '../payments/listing-upgrades.ts';
import { upgrades } from '../payments/schema.ts';
import { listingSearch as s } from './schema.ts';
import { featuredRotation } from './search-listings.ts';

/** Showcase slots on the home page and on a town page. */
export const SHOWCASE_SLOTS = 4;
/** A town page's homes: that town's, and near it (several towns share a name). */
const SAME_NAME_TOWN_MILES = 25;

export interface ShowcaseInput {
  channel?: Listing['channel'];
  /** A town page: only homes in that town. */
  town?: { name: string; lat: number; lng: number };
  now?: Date;
  limit?: number;
}

/**
 * The homes in Showcase slots: listings with a Showcase upgrade running now, available (not
 * under offer, sold or let), for the home page (any town) or one town's page. When more are
 * running than there are slots, they take turns the way Featured homes do: a pseudo-random
 * order, the same for every visitor, reshuffled every rotation (5 minutes), so each gets an
 * equal share of the slots over time. Read from the upgrades (a few rows), one query.
 */
export async function findShowcase(
  db: Database,
  { channel, town, now = new Date(), limit = SHOWCASE_SLOTS }: ShowcaseInput,
): Promise<ListingSummary[]> {
  const rotation = featuredRotation(now);
  const running = db
    .select({ id: upgrades.listingId })
    .from(upgrades)
    .where(placementRunningAt('showcase', now));
  const conditions: (SQL | undefined)[] = [
    inArray(s.listingId, running),
    eq(s.status, 'active'),
    channel ? eq(s.channel, channel) : undefined,
  ];
  if (town) {
    const point = sql`ll_to_earth(${town.lat}::float8, ${town.lng}::float8)`;
    conditions.push(
      eq(s.town, town.name.toLowerCase()),
      sql`earth_distance(${point}, ${s.earth}) <= ${milesToMetres(SAME_NAME_TOWN_MILES)}::float8`,
    );
  }
  const rows = await db
    .select(summaryColumns)
    .from(s)
    .innerJoin(listings, eq(listings.id, s.listingId))
    .where(and(...conditions))
    .orderBy(sql`md5(${s.listingId}::text || ':' || ${rotation}::text)`)
    .limit(Math.min(Math.max(limit, 1), 12));
  return toSummaries(rows);
}
