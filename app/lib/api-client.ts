/**
 * The browser's one way of calling `/api/v1` (same origin: the sign-in cookie goes along). Each
 * remote call has its own module (`features/<name>/api/<call>.ts`) exposing its fetcher, its
 * TanStack Query options and a hook; they all go through `apiRequest` (docs/decisions/010).
 */

/** A refused call, with the API's `{ error: { message, fields } }` body. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

const GENERIC = 'Something went wrong. Please try again.';

/** The API's error body as an ApiFailure, whatever came back (even a proxy's HTML page). */
export function failureFrom(status: number, text: string, fallback = GENERIC): ApiFailure {
  let body: { error?: { message?: string; fields?: Record<string, string> } } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON: the fallback message says enough.
  }
  return new ApiFailure(body.error?.message ?? fallback, status, body.error?.fields);
}

/** JSON in, JSON out; a 204 resolves to undefined; anything not 2xx rejects with ApiFailure. */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { body?: unknown; signal?: AbortSignal; keepalive?: boolean } = {},
): Promise<T> {
  const { body, signal, keepalive } = options;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
      keepalive,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiFailure('We could not reach Roost: check your connection.', 0);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!response.ok) throw failureFrom(response.status, text);
  return (text ? JSON.parse(text) : undefined) as T;
}
