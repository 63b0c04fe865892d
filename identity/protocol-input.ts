import { MIMEType } from 'node:util';
import express, { type NextFunction, type Request, type Response } from 'express';
import { CognitoError, invalidParameter } from './errors.ts';

/** The largest `/idp` request body, as read (after any Content-Encoding is undone). */
export const MAX_BODY = '128kb';

const serialization = (message: string, status: number) =>
  new CognitoError('SerializationException', message, status);

/**
 * The body parser's failures (http-errors with a `type`) as Cognito-style errors, so a body the
 * pool cannot read is a 4xx with the usual JSON, never the site's 500 page.
 */
function bodyReadError(error: unknown): CognitoError {
  const type = (error as { type?: unknown }).type;
  if (type === 'entity.too.large') {
    return new CognitoError(
      'InvalidParameterException',
      `Request body is larger than ${MAX_BODY.toUpperCase()}.`,
      413,
    );
  }
  if (type === 'encoding.unsupported') {
    return serialization('Unsupported Content-Encoding: send identity, gzip, deflate or br.', 415);
  }
  // Corrupt compressed data, a body shorter than its Content-Length, an aborted upload.
  return serialization('Malformed request body.', 400);
}

/** AWS JSON 1.1 is UTF-8: any other declared charset is refused rather than misread. */
function declaredCharset(req: Request): string | undefined {
  const header = req.headers['content-type'];
  if (!header) return undefined;
  try {
    return new MIMEType(header).params.get('charset')?.toLowerCase() ?? undefined;
  } catch {
    // Not a media type at all: the SDKs always send one, so read the body as before.
    return undefined;
  }
}

/**
 * Reads the raw body (any content type, as Cognito's endpoint does), or answers the error itself
 * through `reject` when the body cannot be read as UTF-8 JSON text.
 */
export function createBodyReader(
  reject: (req: Request, res: Response, error: CognitoError) => void,
) {
  const raw = express.raw({ type: () => true, limit: MAX_BODY });
  return (req: Request, res: Response, next: NextFunction) => {
    const charset = declaredCharset(req);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      // Drain the upload so the connection can be reused, then answer.
      req.resume();
      reject(req, res, serialization('Unsupported charset: request bodies must be UTF-8.', 415));
      return;
    }
    raw(req, res, (error?: unknown) => {
      if (error) reject(req, res, bodyReadError(error));
      else next();
    });
  };
}

// With the u flag a surrogate class matches only a surrogate that is not half of a pair.
const loneSurrogate = /[\ud800-\udfff]/u;
const isUnstorable = (text: string) => text.includes('\0') || loneSurrogate.test(text);

/**
 * Refuses any string, value or key, anywhere in the parsed body that PostgreSQL cannot store: NUL
 * characters (`text` and `jsonb` reject them) and unpaired surrogates (`jsonb` rejects them).
 * Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function assertStorableStrings(input: Record<string, unknown>): void {
  const pending: [member: string, value: unknown][] = Object.entries(input);
  for (const [member] of pending) {
    if (isUnstorable(member)) throw unsafeMember(member);
  }
  while (pending.length > 0) {
    const [member, value] = pending.pop()!;
    if (typeof value === 'string') {
      if (isUnstorable(value)) throw unsafeMember(member);
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push([member, item]);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (isUnstorable(key)) throw unsafeMember(member);
        pending.push([member, item]);
      }
    }
  }
}

/** Names the top-level member in Cognito's validation wording, echoing only safe characters. */
function unsafeMember(member: string) {
  const name = member.replace(/[^\w.:-]/g, '').slice(0, 64);
  const camel = name.charAt(0).toLowerCase() + name.slice(1);
  return invalidParameter(
    `1 validation error detected: Value at '${camel}' failed to satisfy constraint: Member must not contain NUL characters or unpaired surrogates`,
  );
}

/**
 * A header carries only visible ASCII (Node refuses control characters and anything past
 * Latin-1): the rest of the message, and `%`, are percent-encoded as UTF-8. The JSON body keeps
 * the message as it is.
 */
export function headerSafe(message: string, max = 1024): string {
  const encoded = message.replace(/[^\x20-\x24\x26-\x7e]/gu, (character) =>
    Array.from(
      Buffer.from(character, 'utf8'),
      (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    ).join(''),
  );
  return encoded.length > max ? encoded.slice(0, max).replace(/%[0-9A-F]?$/, '') : encoded;
}
