import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { NO_LONGER_ADVERTISED } from '@domain/listing/visibility';
import { useFavourites } from './use-favourites';

/**
 * In place of the card of a favourite whose listing is no longer public: no title, price,
 * address or photo, only a way to remove it (a form, so it works without JavaScript; with it,
 * this browser's list forgets the home too).
 */
export function WithdrawnFavourite({ listingId }: { listingId: number }) {
  const { has, toggle } = useFavourites();
  const id = String(listingId);
  return (
    <article className="listing-card listing-card--withdrawn">
      <p className="listing-card__withdrawn">{NO_LONGER_ADVERTISED}</p>
      <Form
        method="post"
        onSubmit={() => {
          if (has(id)) toggle(id);
        }}
      >
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="listingId" value={listingId} />
        <Button type="submit" variant="secondary" size="small">
          Remove from favourites
        </Button>
      </Form>
    </article>
  );
}
