import express, { Router, type ErrorRequestHandler } from 'express';
import { AppError, toApiErrorBody } from './app-error.ts';

/**
 * `/api/v1`: JSON in, JSON out. Each marketplace area mounts its own routes on this router;
 * unknown paths and thrown errors always answer with the standard error body.
 */
export function createApiRouter(mount: (api: Router) => void = () => {}): Router {
  const api = Router();
  api.use(express.json({ limit: '1mb' }));
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  mount(api);
  api.use((req, _res, next) => {
    next(new AppError('NOT_FOUND', `No API route for ${req.method} ${req.path}`));
  });
  const handleError: ErrorRequestHandler = (error, req, res, _next) => {
    if (error instanceof AppError) {
      res.status(error.status).json(toApiErrorBody(error));
      return;
    }
    if (error?.type === 'entity.parse.failed') {
      res
        .status(400)
        .json(toApiErrorBody(new AppError('BAD_REQUEST', 'The request body is not valid JSON.')));
      return;
    }
    if (error?.type === 'entity.too.large') {
      res
        .status(413)
        .json(toApiErrorBody(new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.')));
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
