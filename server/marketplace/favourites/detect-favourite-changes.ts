import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';

/**
 * Changes older than this are never e-mailed: a saved home changed while the job was not
 * running for days is old news, and the first run after this feature arrives must not dig up
 * every past reduction.
 */
export const FAVOURITE_ALERT_LOOKBACK = '3 days';

const IS_PUBLIC = sql.raw(
  `l.status in ('active', 'under_offer', 'sold_stc', 'let_agreed') and l.deleted_at is null and l.owner_suspended_at is null`,
);

/**
 * Records each change to a saved home that its saver wants told, once: the row's unique key
 * (user, listing, kind, change time) makes a second run, or a second instance, insert nothing.
 * Only changes after the home was saved count, and only for users with an address and that kind
 * not turned off. Returns how many changes were new.
 */
export async function detectFavouriteChanges(db: Database, now: Date): Promise<number> {
  const since = sql`(${now.toISOString()}::timestamptz - ${FAVOURITE_ALERT_LOOKBACK}::interval)`;
  let found = 0;
  for (const changes of [reductions(), agreed(), withdrawals()]) {
    const result = await db.execute(sql`
      insert into market.favourite_alert_events
        (user_sub, listing_id, kind, event, event_at, price_before, price_after, detected_at)
      select f.user_sub, f.listing_id, c.kind::market.favourite_alert_kind, c.event, c.event_at,
             c.price_before, c.price_after, ${now.toISOString()}::timestamptz
      from market.favourites f
      join market.favourite_alert_settings s on s.user_sub = f.user_sub and s.email is not null
      join market.listings l on l.id = f.listing_id
      cross join lateral (${changes}) c
      where ${recentlyChanged(since)}
        and c.event_at > f.created_at
        and c.event_at > ${since}
        and c.event_at <= ${now.toISOString()}::timestamptz
        and (case c.kind when 'reduced' then s.reduced when 'under_offer' then s.under_offer
             when 'let_agreed' then s.let_agreed else s.withdrawn end) <> 'off'
      on conflict on constraint favourite_alert_events_once do nothing
      returning id`);
    found += rowCount(result);
  }
  return found;
}

/** The listing's latest price change when it was a drop, while it is on Roost. */
function reductions(): SQL {
  return sql`
    select 'reduced' as kind, 'reduced' as event, h.changed_at as event_at,
           h.before as price_before, h.price as price_after
    from (
      select price, changed_at,
             lag(price) over (order by changed_at, id) as before,
             row_number() over (order by changed_at desc, id desc) as newest
      from market.listing_price_history where listing_id = l.id
    ) h
    where h.newest = 1 and h.before > h.price and ${IS_PUBLIC}`;
}

/** The latest status event when it was an agreement the listing still shows. */
function agreed(): SQL {
  return sql`
    select case when e.event = 'let_agreed' then 'let_agreed' else 'under_offer' end as kind,
           e.event, e.changed_at as event_at, null::integer as price_before,
           null::integer as price_after
    from (
      select event, changed_at from market.listing_status_history
      where listing_id = l.id order by changed_at desc, id desc limit 1
    ) e
    where e.event in ('under_offer', 'sold_stc', 'let_agreed') and l.status::text = e.event
      and ${IS_PUBLIC}`;
}

/**
 * Off Roost, however it went (paused or deleted by the lister, paused by the freshness check,
 * taken down by moderators, its lister's account disabled): to the saver it is simply no longer
 * available. The moment it went is the change's key, so a relisted home withdrawn again is new.
 */
function withdrawals(): SQL {
  return sql`
    select 'withdrawn' as kind, 'withdrawn' as event,
           greatest(l.status_changed_at, l.owner_suspended_at, l.deleted_at) as event_at,
           null::integer as price_before, null::integer as price_after
    where not (${IS_PUBLIC}) and l.status <> 'draft'`;
}

/**
 * Cheap first test, by index, so the history of homes that have not changed lately is not read:
 * a status change (an agreement, a withdrawal) also sets `status_changed_at`.
 */
function recentlyChanged(since: SQL): SQL {
  return sql`(l.status_changed_at > ${since} or l.owner_suspended_at > ${since}
    or l.deleted_at > ${since} or exists (select 1 from market.listing_price_history p
      where p.listing_id = l.id and p.changed_at > ${since}))`;
}

function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows ?? (Array.isArray(result) ? result : []);
  return rows.length;
}
