import { Form } from 'react-router';
import { formatDate } from '@domain/format';
import type { OwnListing } from '../../../server/marketplace/listings/find-own-listings';
import { buttonClass } from '~/components/ui/button';

/**
 * The 'Is it still available?' question the e-mail asks, answered here too: each button posts
 * the owner's status change to the listing's manage page, which says what changed.
 */
export function StillAvailableNotice({
  listing,
}: {
  listing: Pick<OwnListing, 'id' | 'title' | 'channel'> & {
    confirmation: NonNullable<OwnListing['confirmation']>;
  };
}) {
  const isSale = listing.channel === 'sale';
  return (
    <div className="alert alert--info" data-testid="still-available">
      <p>
        Is it still available? Answer by {formatDate(listing.confirmation.pausesAt)}, or we will
        pause it.
      </p>
      <Form method="post" action={`/my-account/listings/${listing.id}`}>
        <input type="hidden" name="intent" value="status" />
        <button
          type="submit"
          name="status"
          value="active"
          className={buttonClass({ size: 'small' })}
        >
          Yes, keep it live<span className="visually-hidden"> ({listing.title})</span>
        </button>{' '}
        <button
          type="submit"
          name="status"
          value={isSale ? 'sold_stc' : 'let_agreed'}
          className={buttonClass({ variant: 'secondary', size: 'small' })}
        >
          {isSale ? 'It has sold' : 'It has been let'}
          <span className="visually-hidden"> ({listing.title})</span>
        </button>
      </Form>
    </div>
  );
}
