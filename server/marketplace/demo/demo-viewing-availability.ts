import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { WeeklyHours } from '../../../domain/viewings/slots.ts';
import { listings } from '../listings/schema.ts';
import { viewingAvailability } from '../viewings/schema.ts';

/**
 * Three weekly patterns a private lister might keep, given to the demo's homes by listing id
 * (not drawn, so the rest of the demo stays as it is): every home still for sale or to let shows
 * free viewing times on its page, the next days' worked out from the day the page is read.
 */
export const DEMO_VIEWING_PATTERNS: WeeklyHours[][] = [
  [
    { weekday: 6, from: '10:00', to: '13:00' },
    { weekday: 3, from: '17:30', to: '19:30' },
  ],
  [
    { weekday: 0, from: '11:00', to: '15:00' },
    { weekday: 2, from: '18:00', to: '20:00' },
    { weekday: 4, from: '18:00', to: '20:00' },
  ],
  [
    { weekday: 1, from: '09:00', to: '12:00' },
    { weekday: 3, from: '09:00', to: '12:00' },
    { weekday: 5, from: '09:00', to: '12:00' },
    { weekday: 6, from: '09:00', to: '12:00' },
  ],
];

/** Gives the demo owner's available homes one of the patterns: 30-minute viewings, 3 weeks ahead. */
export async function insertDemoViewingAvailability(db: Database, ownerSub: string): Promise<void> {
  const [first, second, third] = DEMO_VIEWING_PATTERNS.map((pattern) => JSON.stringify(pattern));
  await db.execute(sql`
    insert into ${viewingAvailability} (listing_id, weekly, slot_minutes, gap_minutes, book_ahead_days)
    select ${listings.id},
      (case ${listings.id} % 3 when 0 then ${first} when 1 then ${second} else ${third} end)::jsonb,
      30, 0, 21
    from ${listings}
    where ${listings.ownerSub} = ${ownerSub} and ${listings.status} in ('active', 'under_offer')
    on conflict do nothing`);
}
