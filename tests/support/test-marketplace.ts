import { pino } from 'pino';
import type { Database } from '../../db/client.ts';
import type { ListerEmail } from '../../server/marketplace/enquiries/submit-enquiry.ts';
import { createMarketplace, type Marketplace } from '../../server/marketplace/marketplace.ts';
import type { MarketplaceMailTag } from '../../server/marketplace/marketplace-deps.ts';

/** One e-mail the marketplace sent, with the tag it was sent under. */
export interface SentMail {
  tag: MarketplaceMailTag;
  email: ListerEmail;
}

/**
 * The marketplace as its database tests use it: silent logs, generous sending limits, and every
 * e-mail kept in `sent` (newest last) instead of sent.
 */
export function createTestMarketplace(db: Database): {
  marketplace: Marketplace;
  sent: SentMail[];
} {
  const sent: SentMail[] = [];
  const marketplace = createMarketplace({
    db,
    publicUrl: 'https://roost.test',
    logger: pino({ level: 'silent' }),
    mail: (tag) => async (email) => {
      sent.push({ tag, email });
    },
    enquiryLimitPerHour: 100,
    messageLimitPerHour: 100,
  });
  return { marketplace, sent };
}
