import {
  createContext,
  useCallback,
  useContext,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';

type FollowLink = (event: MouseEvent<HTMLAnchorElement>) => void;

const FollowLinkContext = createContext<FollowLink | null>(null);

/**
 * Follows a `PageLink`'s click inside the app, as React Router's `<Link>` would: a plain left
 * click on a link for this window becomes a client-side navigation (replacing the history entry
 * when it leads to the page already shown); a modified click, another target or a click a
 * handler has already dealt with is left to the browser.
 */
export function PageLinkProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const follow = useCallback<FollowLink>(
    (event) => {
      const { currentTarget: anchor } = event;
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      if (anchor.target && anchor.target !== '_self') return;
      event.preventDefault();
      const to = anchor.getAttribute('href')!;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      void navigate(to, { replace: to === here });
    },
    [navigate],
  );
  return <FollowLinkContext.Provider value={follow}>{children}</FollowLinkContext.Provider>;
}

/**
 * A link to a page of this site by its absolute path ('/faq', a listing's address), for places
 * with many fixed links: the cards and the footer. React Router's `<Link>` runs its hooks for
 * each link (resolving the path, a click handler, prefetch state), on the server and again when
 * the page hydrates; this reads one context. The same markup as `<Link>`: `data-discover` lets
 * React Router learn the route before the click.
 */
export function PageLink({
  to,
  onClick,
  ...rest
}: { to: string } & Omit<ComponentProps<'a'>, 'href'>) {
  const follow = useContext(FollowLinkContext);
  return (
    <a
      {...rest}
      href={to}
      data-discover="true"
      onClick={(event) => {
        onClick?.(event);
        follow?.(event);
      }}
    />
  );
}
