import type { RequestHandler, Response } from 'express';
import { AppError, toApiErrorBody } from './app-error.ts';
import { sendErrorPage } from './error-page.ts';

const API_PATH = /^\/api(\/|$)/;
const NUL_MESSAGE = 'Remove the invisible NUL character (code 0) from this field.';

/** Answers a refused request in the caller's language: the API error body, or a plain page. */
export function sendClientError(
  res: Response,
  isApi: boolean,
  error: AppError,
  pageMessage = error.message,
): void {
  if (isApi) {
    res.status(error.status).set('Cache-Control', 'no-store').json(toApiErrorBody(error));
  } else {
    sendErrorPage(res, error.status, pageMessage);
  }
}

/**
 * The first check on every request: a path that is not valid percent-encoded UTF-8 (`/%E9`), or
 * a NUL character anywhere in the address (raw or `%00`), is refused with 400 before any router,
 * page or query sees it. PostgreSQL cannot store NUL in text, and routers cannot decode the rest.
 */
export function rejectUnreadableUrls(): RequestHandler {
  return (req, res, next) => {
    const url = req.originalUrl;
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
    let decodedPath: string | undefined;
    try {
      decodedPath = decodeURIComponent(pathname);
    } catch {
      decodedPath = undefined;
    }
    const isApi = API_PATH.test(pathname);
    if (decodedPath === undefined) {
      sendClientError(
        res,
        isApi,
        new AppError('BAD_REQUEST', 'The address is not valid: it has a malformed %-escape.'),
        'The address of this page is not valid. Check it, or start again from the home page.',
      );
      return;
    }
    if (decodedPath.includes('\0') || query.includes('\0') || /%00/i.test(query)) {
      sendClientError(
        res,
        isApi,
        new AppError('BAD_REQUEST', 'The address contains a NUL character (%00).'),
        'The address of this page contains a character we cannot read. Check it, or start again from the home page.',
      );
      return;
    }
    next();
  };
}

/**
 * Where in a parsed body a NUL character sits (`message`, `items.2.caption`), or undefined.
 * Walked with a stack, not recursion: a deeply nested body cannot overflow the call stack.
 */
export function findNulCharacter(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\0')) return path || 'body';
    } else if (current && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\0')) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/**
 * No request body of ours nests more than a few levels; a deeper one is refused before any
 * handler sees it. Stored as jsonb, 20,000 levels made PostgreSQL's stack-depth error spin
 * inside PGlite (found by the fuzz suite), and nothing legitimate needs it.
 */
export const MAX_BODY_DEPTH = 32;

/** Whether a parsed body nests objects or arrays deeper than `max` (walked with a stack). */
export function isNestedDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (!current || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    if (depth >= max) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

/** After the API's JSON parser: a body nested deeper than MAX_BODY_DEPTH is a 400. */
export function rejectDeepBody(): RequestHandler {
  return (req, _res, next) => {
    next(
      isNestedDeeperThan(req.body, MAX_BODY_DEPTH)
        ? new AppError(
            'BAD_REQUEST',
            `The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`,
          )
        : undefined,
    );
  };
}

/** After the API's JSON parser: a NUL in any key or string value is a 400 naming the field. */
export function rejectNulInBody(): RequestHandler {
  return (req, _res, next) => {
    const field = findNulCharacter(req.body);
    if (field === undefined) {
      next();
      return;
    }
    next(
      new AppError('BAD_REQUEST', 'The request contains a NUL character (code 0).', {
        [field]: NUL_MESSAGE,
      }),
    );
  };
}
