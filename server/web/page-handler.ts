import { writeReadableStreamToWritable } from '@react-router/node';
import type { Request as ExpressRequest, RequestHandler, Response } from 'express';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { sessionUserOf } from '../auth/session-middleware.ts';
import { hasAmplifyCookies } from '../auth/token-cookies.ts';
import { AppError } from '../http/app-error.ts';
import { cspNonceOf } from '../http/content-security-policy.ts';

const SAFE_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
/** Pages that only ever show one person's data (signed out, they send you to sign in). */
const PERSONAL_PATHS = /^\/(my-account|admin-portal)(\/|$)/;
/** What no browser, proxy or CDN may keep: the answer is for this visitor, and only now. */
const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Hands a page request to React Router. Like `@react-router/express`, but the body is the one
 * `checkPageForms` already read and checked (a Buffer on `req.body`), not the raw stream, and
 * the load context carries the response's CSP nonce.
 */
export function createPageHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: ExpressRequest, res: Response) => AppLoadContext;
  mode?: string | undefined;
}): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const request = toFetchRequest(req, res);
      const context = { ...options.getLoadContext(req, res), cspNonce: cspNonceOf(res) };
      const response = await handle(request, context);
      await sendResponse(res, response, { personal: isPersonal(req, res) });
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Whether the answer is for this visitor alone: they are signed in (the page shows their menu,
 * their favourites, their hidden listings), their browser sent sign-in cookies, or the page is
 * an account or admin page.
 */
function isPersonal(req: ExpressRequest, res: Response): boolean {
  return (
    sessionUserOf(res) !== null ||
    hasAmplifyCookies(req.headers.cookie) ||
    PERSONAL_PATHS.test(req.path)
  );
}

function toFetchRequest(req: ExpressRequest, res: Response): Request {
  // `req.host` is the Host header, or X-Forwarded-Host from a trusted proxy (TRUST_PROXY).
  const host = SAFE_HOST.test(req.host ?? '') ? req.host : 'localhost';
  if (!req.originalUrl.startsWith('/')) {
    // An absolute-form request target (`POST http://elsewhere/ HTTP/1.1`): not for us.
    throw new AppError('BAD_REQUEST', 'The address is not valid.');
  }
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody && Buffer.isBuffer(req.body)
      ? {
          body: new Uint8Array(
            req.body.buffer as ArrayBuffer,
            req.body.byteOffset,
            req.body.length,
          ),
        }
      : {}),
  });
}

/**
 * Sends a Fetch API response from React Router through Express; a `personal` one with
 * `Cache-Control: private, no-store`, whatever the route said.
 */
export async function sendResponse(
  res: Response,
  response: globalThis.Response,
  { personal = false }: { personal?: boolean } = {},
): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (personal) res.setHeader('Cache-Control', PRIVATE_NO_STORE);
  if (/text\/event-stream/i.test(response.headers.get('content-type') ?? '')) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    const { chunks, rest } = await readWhatIsReady(response.body);
    if (!rest) {
      // Rendered in one go (no Suspense boundary still waiting): one write with its length.
      res.end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
      return;
    }
    for (const chunk of chunks) res.write(chunk);
    await writeReadableStreamToWritable(rest, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

const LATER = Symbol('later');

/**
 * Reads the body until it ends, or until a turn of the event loop passes with more to come (a
 * streamed Suspense boundary): then hands back what came so far and the rest as a stream, so
 * streaming is not held up. Most pages end in the same turn as their first chunk.
 */
async function readWhatIsReady(
  body: ReadableStream<Uint8Array>,
): Promise<{ chunks: Uint8Array[]; rest?: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  // The shell always comes first: wait for it.
  let result = await reader.read();
  for (;;) {
    if (result.done) return { chunks };
    chunks.push(result.value);
    const read = reader.read();
    const next = await Promise.race([read, nextTurn()]);
    if (next === LATER) return { chunks, rest: continuing(reader, read) };
    result = next;
  }
}

function nextTurn(): Promise<typeof LATER> {
  return new Promise((resolve) => setImmediate(() => resolve(LATER)));
}

/** The reader's remaining chunks, starting with the read already asked for, as a stream. */
function continuing(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  pending: Promise<ReadableStreamReadResult<Uint8Array>>,
): ReadableStream<Uint8Array> {
  let next = pending;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const result = await next;
      if (result.done) {
        controller.close();
        return;
      }
      controller.enqueue(result.value);
      next = reader.read();
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
