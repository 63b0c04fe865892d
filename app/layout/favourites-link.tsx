import { Link, useLocation, useNavigate } from 'react-router';
import { raiseAuthRequired, signInPath } from '~/features/auth/auth-events';
import { useAuth } from '~/features/auth/auth-context';
import { useFavourites } from '~/features/favourites/use-favourites';
import { HeartIcon } from '~/components/icons';

/**
 * The header heart. Signed in: a link to /favourites with the count. Signed out: the click is
 * blocked, an 'auth required' event with reason `favourites` is raised, and the visitor goes to
 * sign in, coming back here afterwards.
 */
export function FavouritesLink({ className = 'header-icon' }: { className?: string }) {
  const { user } = useAuth();
  const { count } = useFavourites();
  const navigate = useNavigate();
  const location = useLocation();
  const isSignedIn = Boolean(user);
  const label = isSignedIn
    ? `Favourites, ${count} saved ${count === 1 ? 'home' : 'homes'}`
    : 'Favourites (sign in to save homes)';

  return (
    <Link
      to="/favourites"
      className={className}
      aria-label={label}
      title="Favourites"
      onClick={(event) => {
        if (isSignedIn) return;
        event.preventDefault();
        const returnTo = `${location.pathname}${location.search}`;
        raiseAuthRequired({ reason: 'favourites', returnTo });
        void navigate(signInPath(returnTo));
      }}
    >
      <HeartIcon />
      {isSignedIn && count > 0 ? (
        <span className="count-badge" data-testid="favourites-count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </Link>
  );
}
