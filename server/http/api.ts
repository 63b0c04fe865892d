import express, { Router, type ErrorRequestHandler } from 'express';
import { AppError, toApiErrorBody } from './app-error.ts';
import { toClientError } from './client-errors.ts';
import { rejectDeepBody, rejectNulInBody } from './request-guards.ts';
import { asRetryLater, RetryLaterError } from './retry-later-error.ts';

/**
 * `/api/v1`: JSON in, JSON out. Each marketplace area mounts its own routes on this router;
 * unknown paths and thrown errors always answer with the standard error body. Writes from
 * other sites are refused before this router (`cross-site-guard.ts`, in `create-app.ts`).
 */
export function createApiRouter(mount: (api: Router) => void = () => {}): Router {
  const api = Router();
  api.use(express.json({ limit: '1mb' }));
  api.use(rejectDeepBody());
  api.use(rejectNulInBody());
  // Most answers are someone's own data (drafts, messages, favourites): kept by no cache unless
  // a route says otherwise (public search results).
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'private, no-store');
    next();
  });
  mount(api);
  api.use((req, _res, next) => {
    next(new AppError('NOT_FOUND', `No API route for ${req.method} ${req.path}`));
  });
  const handleError: ErrorRequestHandler = (error, req, res, _next) => {
    res.setHeader('Cache-Control', 'private, no-store');
    // The database away answers 503 with Retry-After, as a limit does 429.
    const retryLater = asRetryLater(error);
    if (retryLater) {
      res.setHeader('Retry-After', String(retryLater.retryAfterSeconds));
      if (!(error instanceof RetryLaterError))
        req.log.error({ err: error }, 'database unavailable');
    }
    // Ours, or the caller's fault reported by body parsing or routing (bad charset, corrupt
    // gzip, unsupported Content-Encoding, undecodable parameter): 4xx with the standard body.
    const expected = retryLater ?? (error instanceof AppError ? error : toClientError(error));
    if (expected) {
      res.status(expected.status).json(toApiErrorBody(expected));
      return;
    }
    req.log.error({ err: error }, 'unhandled API error');
    res
      .status(500)
      .json(
        toApiErrorBody(
          new AppError('INTERNAL', 'Something went wrong on our side. Please try again.'),
        ),
      );
  };
  api.use(handleError);
  return api;
}
