import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '~/features/auth/auth-context';
import { displayNameOf } from '~/lib/display-name';
import { AdminIcon, ChevronDownIcon, UserIcon } from '~/components/icons';
import { ADMIN_LINKS } from './site-links';

/**
 * Signed out: a sign-in link to /my-account. Signed in: a disclosure button with the display
 * name that opens 'Manage listings', the admin links for administrators, and 'Sign out'.
 */
// size: markup: the menu's links, with the open/close handling they need
export function AccountMenu() {
  const { user, isAdmin, signOut } = useAuth();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const location = useLocation();
  // Open for one page only: navigating anywhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isOpen = openOn === location.pathname;
  const setIsOpen = (next: boolean | ((open: boolean) => boolean)) => {
    const value = typeof next === 'function' ? next(isOpen) : next;
    setOpenOn(value ? location.pathname : null);
  };

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  if (!user) {
    return (
      <Link to="/my-account/" className="header-icon account-link" title="Sign in">
        <UserIcon />
        <span className="account-link__text">Sign in</span>
      </Link>
    );
  }

  const name = displayNameOf(user);
  return (
    <div className="account-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="header-icon account-menu__button"
        aria-expanded={isOpen}
        aria-controls={menuId}
        title={isAdmin ? 'Admin user' : undefined}
        onClick={() => setIsOpen((open) => !open)}
      >
        {isAdmin ? <AdminIcon title="Admin user" /> : <UserIcon />}
        <span className="account-menu__name">{name}</span>
        <span className="visually-hidden">: account menu</span>
        <ChevronDownIcon className="account-menu__chevron" />
      </button>
      <div id={menuId} className="account-menu__panel" hidden={!isOpen}>
        <p className="account-menu__who">
          Signed in as <strong>{name}</strong>
        </p>
        <ul>
          <li>
            <Link to="/my-account">Manage listings</Link>
          </li>
          <li>
            <Link to="/saved-searches">Saved searches</Link>
          </li>
          {isAdmin
            ? ADMIN_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))
            : null}
          <li>
            <button type="button" className="account-menu__signout" onClick={() => void signOut()}>
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
