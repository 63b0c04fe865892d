import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type LinksFunction,
} from 'react-router';
import type { Route } from './+types/root';
import { PageLinkProvider } from './components/page-link';
import { CookieBanner, CookieChoiceScript } from './layout/cookie-banner';
import { GoogleBanner } from './layout/google-banner';
import { SiteFooter } from './layout/site-footer';
import { SiteHeader } from './layout/site-header';
import { useScrollClass } from './layout/use-scroll-class';
import { AuthProvider } from './features/auth/auth-context';
import { FavouritesProvider } from './features/favourites/favourites-provider';
import { createQueryClient } from './lib/query-client';
import { useRootData } from './lib/use-root-data';
import { makeZodJitless } from './lib/zod-jitless';
import { StoreSlotProvider } from './store/store-slot';
import globalStyles from './styles/global.css?url';

if (typeof document !== 'undefined') makeZodJitless();

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: globalStyles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** The signed-in user (verified on the server from the Amplify cookie) and public site facts. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    user: context.user,
    // One indexed count per signed-in page render, for the header's Messages badge.
    unreadMessages: context.user
      ? await context.marketplace.messages.unreadCount({
          user: context.user,
          viewingThreadId: viewingThreadIdOf(request),
        })
      : 0,
    site: context.site,
    checkoutKind: context.marketplace.payments.checkoutKind()?.kind ?? null,
  };
}

/** The conversation this page shows, if any: its own loader marks it read. */
function viewingThreadIdOf(request: Request): number | undefined {
  const match = /^\/my-account\/messages\/(\d+)/.exec(new URL(request.url).pathname);
  return match ? Number(match[1]) : undefined;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { user } = useRootData();
  const [queryClient] = useState(() => createQueryClient());
  useScrollClass();
  return (
    // `CookieChoiceScript` marks the root before hydration: not a mismatch.
    <html lang="en-GB" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f5c4d" />
        <Meta />
        <Links />
        <CookieChoiceScript />
      </head>
      <body>
        {/* First in the page, as GOV.UK places it: painted with the first content, and the
            first thing a keyboard reaches. */}
        <CookieBanner />
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <StoreSlotProvider>
          <QueryClientProvider client={queryClient}>
            <AuthProvider serverUser={user}>
              <FavouritesProvider>
                <PageLinkProvider>
                  <SiteHeader />
                  <main id="main" tabIndex={-1}>
                    {children}
                  </main>
                  <SiteFooter />
                  <GoogleBanner />
                </PageLinkProvider>
              </FavouritesProvider>
            </AuthProvider>
          </QueryClientProvider>
        </StoreSlotProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const isSignedOut =
    isRouteErrorResponse(error) &&
    (error.data as { reason?: string } | null)?.reason === 'signed-out';
  // A refused form (say one whose intent the page no longer knows) says why, in its own words.
  const formMessage =
    isRouteErrorResponse(error) && status === 400
      ? (error.data as { error?: unknown } | null)?.error
      : undefined;
  const { title, message } =
    typeof formMessage === 'string'
      ? { title: 'That did not work', message: formMessage }
      : status === 404
        ? {
            title: 'Page not found',
            message:
              'We could not find that page. It may have moved, or the address may be mistyped.',
          }
        : status === 403
          ? {
              title: 'You do not have permission to view this page',
              message: isSignedOut
                ? 'This page is for Roost administrators. Sign in with an administrator account to continue.'
                : 'This page is for Roost administrators only.',
            }
          : {
              title: 'Something went wrong',
              message: 'Sorry, something went wrong on our side. Please try again in a moment.',
            };
  return (
    <section className="content-page">
      <title>{`${title} | Roost`}</title>
      <h1>{title}</h1>
      <p className="lead">{message}</p>
      <p className="error-actions">
        {isSignedOut ? (
          <a className="button" href="/my-account">
            Sign in
          </a>
        ) : null}
        <a className={isSignedOut ? 'button button--secondary' : 'button'} href="/">
          Go to the home page
        </a>
      </p>
      {status === 404 ? (
        <p>
          Looking for a home? Browse <a href="/search/for-sale/">homes for sale</a> or{' '}
          <a href="/search/for-rent/">homes to rent</a>, or <a href="/contact-us">contact us</a>.
        </p>
      ) : null}
    </section>
  );
}
