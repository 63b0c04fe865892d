import { data } from 'react-router';
import { ERROR_STATUS, type AppErrorCode } from './app-error.ts';

/**
 * How page loaders and actions turn a use case's expected failure into what the visitor sees.
 *
 * Failures are recognised by their `code`, never by `instanceof AppError`: the production server
 * bundle carries its own copy of the class, so `instanceof` is false there for errors thrown by
 * the marketplace (see docs/decisions/008-errors-to-results-by-code.md).
 */
export interface DomainFailure {
  code: Exclude<AppErrorCode, 'INTERNAL'>;
  message: string;
  fields: Record<string, string>;
  status: number;
}

/** The expected failure an error stands for, or undefined for anything else (a real fault). */
export function asDomainFailure(error: unknown): DomainFailure | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, fields } = error as {
    code?: unknown;
    message?: unknown;
    fields?: unknown;
  };
  if (typeof code !== 'string' || !Object.hasOwn(ERROR_STATUS, code) || code === 'INTERNAL') {
    return undefined;
  }
  return {
    code: code as DomainFailure['code'],
    message: typeof message === 'string' ? message : '',
    fields: typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : {},
    status: ERROR_STATUS[code as AppErrorCode],
  };
}

/** What an action returns for a failure the form can show: `extra` plus the messages. */
export type FormFailure<Extra> = Extra & { error: string; fields: Record<string, string> };

/**
 * In an action's `catch`: an expected failure becomes the form's result, with the failure's
 * status, so the page shows its message and each field's message; codes listed in `asPage`
 * (say NOT_FOUND on an owner's page) answer with the error page instead. Anything else is
 * thrown on, to the error boundary and the log.
 */
export function formFailure<Extra extends object>(
  error: unknown,
  extra: Extra,
  options: { asPage?: readonly AppErrorCode[] } = {},
) {
  const failure = asDomainFailure(error);
  if (!failure) throw error;
  if (options.asPage?.includes(failure.code)) throw data(null, { status: failure.status });
  const result: FormFailure<Extra> = { ...extra, error: failure.message, fields: failure.fields };
  return data(result, { status: failure.status });
}

/** In a loader's `catch`: an expected failure becomes the error page with its status. */
export function failureAsPage(error: unknown): never {
  const failure = asDomainFailure(error);
  if (failure) throw data(null, { status: failure.status });
  throw error;
}
