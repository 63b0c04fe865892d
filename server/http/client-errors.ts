import { AppError, ERROR_STATUS, type AppErrorCode } from './app-error.ts';

/** What body-parser, the router and our guards put on the errors they raise for bad input. */
interface HttpErrorLike {
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
}

const MESSAGES: Record<string, [AppErrorCode, string]> = {
  'entity.parse.failed': ['BAD_REQUEST', 'The request body is not valid JSON.'],
  'entity.too.large': ['PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  'parameters.too.many': ['PAYLOAD_TOO_LARGE', 'The form has too many fields.'],
  'charset.unsupported': [
    'UNSUPPORTED_MEDIA_TYPE',
    'The request body is in a character set we do not read. Send it as UTF-8.',
  ],
  'encoding.unsupported': [
    'UNSUPPORTED_MEDIA_TYPE',
    'The request body is compressed in a way we do not read. Send it uncompressed, or as gzip, deflate or br.',
  ],
  'request.aborted': ['BAD_REQUEST', 'The request body ended early.'],
  'request.size.invalid': ['BAD_REQUEST', 'The request body is not the length it said it was.'],
};

const CODE_BY_STATUS = new Map<number, AppErrorCode>(
  Object.entries(ERROR_STATUS).map(([code, status]) => [status, code as AppErrorCode]),
);

/**
 * The caller's fault, as an AppError: ours pass through; errors from body parsing (unknown
 * charset or Content-Encoding, corrupt gzip, a body cut short) and the router (an undecodable
 * path parameter) carry a 4xx `status`, and become the matching code with a message of our own.
 * Anything else is ours to fix: undefined, and the caller answers 500.
 */
export function toClientError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error.status < 500 ? error : undefined;
  if (!error || typeof error !== 'object') return undefined;
  const { status, statusCode, type } = error as HttpErrorLike;
  const code = Number(status ?? statusCode);
  if (!Number.isInteger(code) || code < 400 || code > 499) return undefined;
  const known = typeof type === 'string' ? MESSAGES[type] : undefined;
  if (known) return new AppError(known[0], known[1]);
  if (code === 413) return new AppError('PAYLOAD_TOO_LARGE', MESSAGES['entity.too.large']![1]);
  if (code === 415) {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request body is of a type we do not read.');
  }
  // A corrupt gzip body, an undecodable path parameter and the like.
  const mapped = CODE_BY_STATUS.get(code);
  return mapped && mapped !== 'INTERNAL'
    ? new AppError(mapped, 'The request could not be read.')
    : new AppError('BAD_REQUEST', 'The request could not be read.');
}
