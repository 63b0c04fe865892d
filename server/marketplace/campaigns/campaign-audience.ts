import { sql } from 'drizzle-orm';
import type { CampaignAudience } from '../../../domain/campaigns/campaign-inputs.ts';
import type { Db } from '../payments/payment-records.ts';
import type { EmailCampaign } from './schema.ts';

/** Raw SQL rows (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<Row>(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

function audienceSql(audience: CampaignAudience) {
  if (audience.kind === 'all') return sql`true`;
  const place = audience.place ? sql`and s.place_slug = ${audience.place}` : sql``;
  return sql`exists (select 1 from market.saved_searches s where s.owner_sub = c.user_sub and s.channel = ${audience.channel} ${place})`;
}

const CONSENTING = sql`(select distinct on (user_sub) user_sub, email, is_granted from market.marketing_consents order by user_sub, at desc, id desc) c`;

/**
 * People in the audience who consent now (their latest choice is an opt-in) and have no delivery
 * row for the campaign yet, up to `limit`.
 */
export async function nextRecipients(db: Db, campaign: EmailCampaign, limit: number) {
  return rowsOf<{ user_sub: string; email: string }>(
    db,
    sql`
    select c.user_sub, c.email from ${CONSENTING}
    where c.is_granted and ${audienceSql(campaign.audience)}
      and not exists (select 1 from market.campaign_deliveries d
                      where d.campaign_id = ${campaign.id} and d.recipient_sub = c.user_sub)
    order by c.user_sub
    limit ${limit}`,
  );
}

export async function countAudience(db: Db, audience: CampaignAudience): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`
    select count(*) as n from ${CONSENTING} where c.is_granted and ${audienceSql(audience)}`,
  );
  return Number(row?.n ?? 0);
}
