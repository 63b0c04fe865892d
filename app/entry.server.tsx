import { Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import {
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from 'react-router';
import { DATABASE_RETRY_SECONDS, isDatabaseUnavailable } from '../server/http/retry-later-error';
import { preloadsAfterFirstPaint } from './preloads-after-paint.server';

/**
 * React Router's default Node renderer, plus the Content-Security-Policy nonce: the server
 * makes one per response (`server/http/content-security-policy.ts`) and hands it over in the
 * load context. `ServerRouter` puts it on React Router's inline scripts (`<Scripts>`,
 * `<ScrollRestoration>`, streamed data) and React on its own (Suspense boundaries, styles).
 */
export const streamTimeout = 5_000;

/** Requests whose loaders failed because the database did not answer: they get a 503. */
const waitingForDatabase = new WeakSet<Request>();

/** React Router's own logging, and a note of failures that mean "try again shortly". */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (isDatabaseUnavailable(error)) waitingForDatabase.add(request);
  if (!request.signal.aborted) console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  // The database did not answer: the error page (which says to try again in a moment) goes out
  // as 503 with Retry-After, so browsers, crawlers and balancers know it will pass.
  if (responseStatusCode === 500 && waitingForDatabase.has(request)) {
    responseStatusCode = 503;
    responseHeaders.set('Retry-After', String(DATABASE_RETRY_SECONDS));
    responseHeaders.set('Cache-Control', 'no-store');
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once; people get the shell first, then streamed content.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Aborts after `streamTimeout`, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce: nonce ? { script: nonce, style: nonce } : undefined,
        // React moves a finished Suspense boundary out of line (a hidden copy at the end of the
        // page, shown by an inline script) once the page passes 12.8 KB, so that a slow stream
        // can paint sooner. `coalescedWrites` sends a finished page in one piece anyway, so that
        // only cost the browser a script, a second layout and a repaint (docs/performance.md).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = coalescedWrites(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          // After the coalescing, so the head arrives whole in the shell's one chunk.
          const html = body.pipe(preloadsAfterFirstPaint(nonce));
          const stream = createReadableStreamFromReadable(html);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while rendering the shell reject above and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * React writes a page as many small chunks (a few hundred bytes to 2 KB each), and every chunk
 * that reaches the response is a separate call into compression: profiled, that cost as much CPU
 * as rendering (docs/performance.md). This gathers the chunks written in one turn of the event
 * loop (the whole shell, then each streamed boundary) into one, so streaming works as before.
 */
function coalescedWrites(onEnd: () => void) {
  let pending: Buffer[] = [];
  let scheduled = false;
  const release = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    stream.push(chunk);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      callback();
    },
    flush(callback) {
      release();
      onEnd();
      callback();
    },
  });
  return stream;
}
