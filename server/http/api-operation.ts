import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import type { ZodOpenApiOperationObject } from 'zod-openapi';
import { AppError } from './app-error.ts';

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What the OpenAPI document needs of an operation. */
export interface DocumentedOperation {
  method: ApiMethod;
  /** The OpenAPI path template under `/api/v1`, such as `/listings/{id}`. */
  path: string;
  openapi: ZodOpenApiOperationObject;
}

/** An operation ready to mount: its description, and its handlers given the services it uses. */
export interface ApiOperation<Deps> extends DocumentedOperation {
  handlers: (deps: Deps) => RequestHandler[];
}

type PathSchema = z.ZodObject | undefined;
type PathValues<P extends PathSchema> = P extends z.ZodObject ? z.output<P> : Record<never, never>;

/** What the handler is given: the request, the response, the services and the parsed path. */
export interface OperationContext<Deps, P extends PathSchema> {
  req: Request;
  res: Response;
  deps: Deps;
  path: PathValues<P>;
}

/**
 * One operation, declared where it is mounted. Everything but the fields below is OpenAPI
 * operation metadata (operationId, tags, summary, security, requestBody, responses), as
 * zod-openapi takes it.
 */
export type OperationSpec<Deps, P extends PathSchema> = Omit<
  ZodOpenApiOperationObject,
  'requestParams'
> & {
  method: ApiMethod;
  path: string;
  /**
   * The path parameters, parsed before the handler runs: a value the schema refuses is a 404
   * with the schema's message (a malformed id names nothing), so give each one.
   */
  pathParams?: P;
  /** The query, described only: handlers read it leniently (search never refuses a filter). */
  query?: z.ZodObject;
  /** Runs before the handler, such as a body parser other than JSON. */
  before?: (deps: Deps) => RequestHandler;
  handle: (context: OperationContext<Deps, P>) => Promise<void> | void;
};

/** `/listings/{id}` → `/listings/:id`, Express's form of the same template. */
const toExpressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Declares the operations of one area, whose handlers are given `Deps` (a slice of the
 * marketplace). Curried so `Deps` is named once and each operation's path schema is inferred.
 */
export function operationsOf<Deps>() {
  return function operation<P extends PathSchema = undefined>(
    spec: OperationSpec<Deps, P>,
  ): ApiOperation<Deps> {
    const { method, path, pathParams, query, before, handle, ...described } = spec;
    const requestParams =
      pathParams || query
        ? { ...(pathParams ? { path: pathParams } : {}), ...(query ? { query } : {}) }
        : undefined;
    return {
      method,
      path,
      openapi: { ...described, ...(requestParams ? { requestParams } : {}) },
      handlers: (deps) => {
        const run: RequestHandler = async (req, res) => {
          let parsed = {} as PathValues<P>;
          if (pathParams) {
            const result = pathParams.safeParse(req.params);
            if (!result.success) {
              throw new AppError('NOT_FOUND', result.error.issues[0]?.message ?? 'Not found.');
            }
            parsed = result.data as PathValues<P>;
          }
          await handle({ req, res, deps, path: parsed });
        };
        return before ? [before(deps), run] : [run];
      },
    };
  };
}

/** Mounts operations on the API router, in order (a literal path before a parameter). */
export function mountOperations<Deps>(
  api: Router,
  operations: readonly ApiOperation<Deps>[],
  deps: Deps,
): void {
  for (const operation of operations) {
    api[operation.method](toExpressPath(operation.path), ...operation.handlers(deps));
  }
}
