import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '~/features/auth/auth-context';
import { raiseAuthRequired, signInPath } from '~/features/auth/auth-events';
import { useFavourites } from './use-favourites';

/** The heart: saves a listing for a signed-in user; signed out, it asks them to sign in. */
export function FavouriteButton({ listingId, title }: { listingId: number; title: string }) {
  const { user } = useAuth();
  const { has, toggle } = useFavourites();
  const navigate = useNavigate();
  const location = useLocation();
  const id = String(listingId);
  const isSaved = has(id);
  return (
    <button
      type="button"
      className={`button button--secondary favourite-button${isSaved ? ' is-saved' : ''}`}
      aria-pressed={isSaved}
      onClick={() => {
        if (!user) {
          const returnTo = `${location.pathname}${location.search}`;
          raiseAuthRequired({ reason: 'favourites', returnTo });
          void navigate(signInPath(returnTo));
          return;
        }
        toggle(id);
      }}
    >
      <span aria-hidden="true">{isSaved ? '♥' : '♡'}</span> {isSaved ? 'Saved' : 'Save'}
      <span className="visually-hidden"> {title} to favourites</span>
    </button>
  );
}
