import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth } from '~/features/auth/auth-context';
import { useIsAddButtonShown } from '~/store/store-slot';
import { useRootData } from '~/lib/use-root-data';
import { AccountMenu } from './account-menu';
import { FavouritesLink } from './favourites-link';
import { MessagesLink } from './messages-link';
import { CloseIcon, ExternalIcon, MenuIcon } from '~/components/icons';
import { ADMIN_LINKS, MAIN_LINKS } from './site-links';
import { ADD_LISTING_PATH, useStartNewListing } from './use-add-listing';

export function SiteHeader() {
  const { site } = useRootData();
  const isAddButtonShown = useIsAddButtonShown();
  const startNewListing = useStartNewListing();

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="logo" aria-label="Roost home">
          <RoostMark />
          <span className="logo__word">Roost</span>
        </Link>
        <nav aria-label="Main" className="site-nav-wrap">
          <ul className="site-nav">
            {MAIN_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
            <li>
              <BlogLink href={site.blogUrl} />
            </li>
          </ul>
        </nav>
        <div className="site-header__actions">
          <FavouritesLink />
          <MessagesLink />
          {isAddButtonShown ? (
            <Link
              to={ADD_LISTING_PATH}
              className="button button--small add-listing-button"
              onClick={startNewListing}
            >
              + Add list
            </Link>
          ) : null}
          <AccountMenu />
          <MobileMenu blogUrl={site.blogUrl} />
        </div>
      </div>
    </header>
  );
}

function BlogLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      Blog
      <ExternalIcon className="icon--inline" />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** The small-screen menu: every navigation link, the account links and sign out. */
// size: markup: the small-screen menu's links, with the open/close handling they need
function MobileMenu({ blogUrl }: { blogUrl: string }) {
  const { user, isAdmin, signOut } = useAuth();
  const location = useLocation();
  // Open for one page only: navigating anywhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isOpen = openOn === location.pathname;
  const setIsOpen = (next: boolean | ((open: boolean) => boolean)) => {
    const value = typeof next === 'function' ? next(isOpen) : next;
    setOpenOn(value ? location.pathname : null);
  };
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const startNewListing = useStartNewListing();

  useEffect(() => {
    if (!isOpen) return;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        toggleRef.current?.focus();
        return;
      }
      if (event.key === 'Tab') keepFocusInMenu(event, toggleRef.current, panelRef.current);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen]);

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="header-icon menu-toggle"
        aria-expanded={isOpen}
        aria-controls="mobile-menu"
        onClick={() => setIsOpen((open) => !open)}
      >
        {isOpen ? <CloseIcon /> : <MenuIcon />}
        <span className="visually-hidden">Menu</span>
      </button>
      <div id="mobile-menu" ref={panelRef} className="mobile-menu" hidden={!isOpen}>
        {/* Rendered only while open: closed, its links were rendered on the server and hydrated
            on every page for nothing (docs/performance.md). */}
        {isOpen ? (
          <nav aria-label="Mobile">
            <ul>
              {MAIN_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to}>{link.label}</NavLink>
                </li>
              ))}
              <li>
                <BlogLink href={blogUrl} />
              </li>
            </ul>
            <ul className="mobile-menu__account">
              <li>
                <NavLink to="/my-account/">
                  {user ? 'My account and listings' : 'Sign in or create an account'}
                </NavLink>
              </li>
              <li>
                <NavLink to={ADD_LISTING_PATH} onClick={startNewListing}>
                  Add a listing
                </NavLink>
              </li>
              {user ? (
                <>
                  <li>
                    <NavLink to="/favourites">Favourites</NavLink>
                  </li>
                  <li>
                    <NavLink to="/my-account/messages">Messages</NavLink>
                  </li>
                  <li>
                    <NavLink to="/saved-searches">Saved searches</NavLink>
                  </li>
                </>
              ) : null}
              {isAdmin
                ? ADMIN_LINKS.map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to}>{link.label}</NavLink>
                    </li>
                  ))
                : null}
              {user ? (
                <li>
                  <button
                    type="button"
                    className="mobile-menu__signout"
                    onClick={() => void signOut()}
                  >
                    Sign out
                  </button>
                </li>
              ) : null}
            </ul>
          </nav>
        ) : null}
      </div>
    </>
  );
}

/**
 * Focus trap for the open menu: Tab cycles through the toggle and the menu's links and buttons,
 * never reaching the page underneath.
 */
function keepFocusInMenu(
  event: KeyboardEvent,
  toggle: HTMLButtonElement | null,
  panel: HTMLDivElement | null,
) {
  if (!toggle || !panel) return;
  const stops = [toggle, ...panel.querySelectorAll<HTMLElement>('a[href], button')];
  const current = stops.indexOf(document.activeElement as HTMLElement);
  const step = event.shiftKey ? -1 : 1;
  const next = current === -1 ? (event.shiftKey ? stops.length - 1 : 0) : current + step;
  if (next >= 0 && next < stops.length && current !== -1) return;
  event.preventDefault();
  stops[(next + stops.length) % stops.length]?.focus();
}

export function RoostMark() {
  return (
    <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
      <path d="M4 15 16 5l12 10v12a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z" fill="currentColor" />
      <path d="M12 28v-8h8v8" fill="#f2a541" />
    </svg>
  );
}
