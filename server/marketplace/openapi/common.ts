import { z } from 'zod';
import type { ZodOpenApiResponseObject } from 'zod-openapi';
import { ERROR_STATUS, type ApiErrorBody, type AppErrorCode } from '../../http/app-error.ts';

/** The one error body every `/api/v1` failure answers with (server/http/api.ts). */
export const apiErrorBody = z
  .object({
    error: z.object({
      code: z
        .enum(Object.keys(ERROR_STATUS) as [AppErrorCode, ...AppErrorCode[]])
        .meta({ example: 'VALIDATION_FAILED' }),
      message: z.string().meta({ description: 'Plain English, fit to show to the person' }),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .meta({
          description: "Field (a dotted path) → its first message; '_form' for the whole form",
          example: { deposit: "The deposit can be at most £1,153: 5 weeks' rent" },
        }),
    }),
  })
  .meta({ id: 'Error' });

const ERROR_MEANINGS = {
  400: ['BadRequest', 'The body is not JSON, or not the shape this operation takes'],
  401: ['Unauthenticated', 'Sign in first: no valid ID token (Bearer header or sign-in cookie)'],
  403: ['Forbidden', 'Administrators only'],
  404: ['NotFound', 'No such item, or it is not yours'],
  409: ['Conflict', 'Not possible in the current state'],
  410: ['Gone', 'The listing was deleted or removed'],
  413: ['PayloadTooLarge', 'The body or file is too large'],
  415: ['UnsupportedMediaType', 'Not an image, or not sent as raw bytes'],
  422: ['ValidationFailed', 'Some fields are missing or wrong: see `error.fields`'],
  429: ['RateLimited', 'Too many requests from this sender: wait as Retry-After says'],
  503: ['Unavailable', 'Busy for a moment: try again after Retry-After seconds'],
} as const;
export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** One shared response component per status (zod-openapi registers each object once). */
const ERROR_RESPONSES = Object.fromEntries(
  Object.entries(ERROR_MEANINGS).map(([status, [id, description]]) => [
    status,
    { id, description, content: { 'application/json': { schema: apiErrorBody } } },
  ]),
) as Record<string, ZodOpenApiResponseObject>;

/** The error responses an operation can give. */
export function errors(...statuses: ErrorStatus[]): Record<string, ZodOpenApiResponseObject> {
  return Object.fromEntries(statuses.map((status) => [status, ERROR_RESPONSES[status]!]));
}

/** A JSON response. */
export const json = (description: string, schema: z.ZodType): ZodOpenApiResponseObject => ({
  description,
  content: { 'application/json': { schema } },
});
export const noContent = (description: string): ZodOpenApiResponseObject => ({ description });

/** A JSON request body; `example` is a body the route accepts (the API test sends it). */
export const jsonBody = (schema: z.ZodType, example?: unknown) => ({
  required: true,
  content: { 'application/json': { schema, ...(example === undefined ? {} : { example }) } },
});

/** Operations that need a signed-in person. */
export const signedIn = [{ bearerIdToken: [] }];

/**
 * A positive whole-number id in the path. Anything else names nothing: the route answers 404
 * with `notFound` (api-operation.ts), so every check carries it.
 */
export const idParam = (description: string, notFound: string) =>
  z.coerce
    .number({ error: notFound })
    .int({ error: notFound })
    .positive({ error: notFound })
    .meta({ description });

export const listingIdPath = z.object({ id: idParam('The listing id', 'No such listing.') });

/** Dates leave the server as ISO 8601 strings. */
export const timestamp = z.iso.datetime();
export const nullableTimestamp = timestamp.nullable();

/**
 * Compile-time proof that a response schema describes exactly what a use case returns (after
 * JSON encoding): `const _x: Same<z.infer<typeof schema>, Json<Returned>> = true`.
 */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type Json<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? Json<Item>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;

const _errorBody: Same<z.infer<typeof apiErrorBody>, ApiErrorBody> = true;
