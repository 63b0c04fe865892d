import express, { type RequestHandler } from 'express';
import { AppError } from '../http/app-error.ts';
import { sendClientError } from '../http/request-guards.ts';

/** Page forms are small text: the largest is a listing description. */
export const PAGE_FORM_LIMIT = '1mb';

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);
const READS_NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Page actions read their body as a form (`request.formData()`), so everything else is refused
 * here, before React Router: another content type is a 415, a body larger than a page form, in a
 * Content-Encoding we do not read or corrupt is a 4xx (body-parser's error, answered by the
 * app's error handler), and a form that does not parse or holds a NUL character in a field
 * name or value is a 400 — PostgreSQL cannot store NUL in text. The body read here is kept on
 * `req.body` (a Buffer) and handed to React Router by the page handler.
 */
export function checkPageForms(): RequestHandler[] {
  const readBody = express.raw({ type: () => true, limit: PAGE_FORM_LIMIT });
  const requireFormType: RequestHandler = (req, res, next) => {
    if (READS_NO_BODY.has(req.method)) {
      next();
      return;
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (FORM_TYPES.has(type)) {
      next();
      return;
    }
    res.setHeader('Accept-Post', [...FORM_TYPES].join(', '));
    sendClientError(
      res,
      false,
      new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Pages accept forms only: send application/x-www-form-urlencoded or multipart/form-data.',
      ),
      'This page only accepts what its own forms send (application/x-www-form-urlencoded or multipart/form-data). Go back and send the form from the page.',
    );
  };
  const checkFields: RequestHandler = async (req, res, next) => {
    if (READS_NO_BODY.has(req.method)) {
      next();
      return;
    }
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let form: FormData;
    try {
      form = await new Request('http://localhost/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type']! },
        body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
      }).formData();
    } catch {
      sendClientError(
        res,
        false,
        new AppError('BAD_REQUEST', 'The form could not be read.'),
        'We could not read the form that was sent. Go back and try again.',
      );
      return;
    }
    for (const [name, value] of form) {
      const text = typeof value === 'string' ? value : value.name;
      if (name.includes('\0') || text.includes('\0')) {
        sendClientError(
          res,
          false,
          new AppError('BAD_REQUEST', 'The form contains a NUL character (code 0).'),
          'The form contains an invisible character we cannot store (NUL). Remove it and try again.',
        );
        return;
      }
    }
    req.body = body;
    next();
  };
  const readPageBody: RequestHandler = (req, res, next) => {
    if (READS_NO_BODY.has(req.method)) {
      next();
      return;
    }
    readBody(req, res, next);
  };
  return [requireFormType, readPageBody, checkFields];
}
