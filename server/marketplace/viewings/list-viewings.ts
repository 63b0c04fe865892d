import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { listings } from '../listings/schema.ts';
import { viewings } from './schema.ts';
import { pathOf } from './viewing-listing.ts';

export interface UpcomingViewing {
  id: number;
  listingId: number;
  listingTitle: string;
  listingPath: string;
  startsAt: string;
  endsAt: string;
  note: string;
  /** Which side the user is on. */
  side: 'lister' | 'booker';
  /** The viewer's name, shown to the lister only. */
  bookerName: string | null;
}

/**
 * The user's booked viewings that are not over yet, soonest first: those at their own homes (as
 * lister, with the viewer's name) and those they booked (as viewer). Nobody else's.
 */
export async function upcomingViewings(
  db: Database,
  options: { user: SessionUser; now?: Date },
): Promise<UpcomingViewing[]> {
  const { userId } = options.user;
  const rows = await db
    .select({
      id: viewings.id,
      listingId: viewings.listingId,
      startsAt: viewings.startsAt,
      endsAt: viewings.endsAt,
      note: viewings.note,
      bookerSub: viewings.bookerSub,
      bookerName: viewings.bookerName,
      ownerSub: listings.ownerSub,
      title: listings.title,
      bedrooms: listings.bedrooms,
      propertyType: listings.propertyType,
      channel: listings.channel,
      town: listings.town,
    })
    .from(viewings)
    .innerJoin(listings, eq(listings.id, viewings.listingId))
    .where(
      and(
        eq(viewings.status, 'booked'),
        gt(viewings.endsAt, options.now ?? new Date()),
        or(eq(listings.ownerSub, userId), eq(viewings.bookerSub, userId)),
      ),
    )
    .orderBy(asc(viewings.startsAt))
    .limit(200);
  return rows.map((row) => {
    const side = row.ownerSub === userId ? 'lister' : 'booker';
    return {
      id: row.id,
      listingId: row.listingId,
      listingTitle: row.title,
      listingPath: pathOf(row),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      note: row.note,
      side,
      bookerName: side === 'lister' ? row.bookerName : null,
    };
  });
}
