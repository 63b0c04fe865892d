import { use, type ComponentType } from 'react';

/**
 * A component whose code is a chunk of its own, for the parts of a page that are further down or
 * only used on demand: the server still renders them in full (their HTML is in the first
 * response, so nothing shifts and search engines read it), while the browser hydrates the rest of
 * the page without waiting for their code — inside a `<Suspense>` boundary React keeps the
 * server's HTML until the chunk arrives, then hydrates it.
 *
 * Until it has hydrated, a change to a context above it must come in a transition: an urgent
 * one makes React discard the server's HTML and draw the part anew, losing what the visitor had
 * typed in it (the root's providers keep to this, docs/site-shell.md).
 *
 * Unlike `React.lazy`, once `preload()` has resolved it renders at once (`React.lazy` suspends on
 * its first render even when the module is already there): the server's loader awaits
 * `preload()` so a page never streams a fallback, and a client-side navigation awaits it in the
 * route's `clientLoader`, so the fallback is never shown there either.
 */
export function deferredComponent<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed chunk (a dropped connection) is asked for again on the next render.
        loading = undefined;
        throw error;
      },
    ));
  function Deferred(props: Props) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  return Object.assign(Deferred, { preload });
}
