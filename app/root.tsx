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
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import appStyles from './styles/app.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: appStyles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f5c4d" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
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
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const title = isNotFound ? 'Page not found' : 'Something went wrong';
  const message = isNotFound
    ? 'We could not find that page. It may have moved, or the address may be mistyped.'
    : 'Sorry, something went wrong on our side. Please try again in a moment.';
  return (
    <section className="page narrow">
      <title>{`${title} | Roost`}</title>
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <a className="button" href="/">
          Go to the home page
        </a>
      </p>
    </section>
  );
}
