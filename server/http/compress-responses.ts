import zlib from 'node:zlib';
import compression from 'compression';
import type { RequestHandler, Response } from 'express';
import Negotiator from 'negotiator';

export interface CompressionSettings {
  brotliQuality: number;
  gzipLevel: number;
  /** Bodies smaller than this go as they are (the `compression` middleware's default, 1 KB). */
  threshold?: number;
}

/** Larger whole bodies are compressed as a stream, off the event loop, as before. */
const MAX_SYNC_BYTES = 256 * 1024;
const ENCODINGS = ['br', 'gzip', 'deflate', 'identity'];
/** Browsers list gzip first ("gzip, deflate, br, zstd"), all at q=1: Brotli is smaller. */
const PREFERRED = ['br', 'gzip'];
/** Statuses that never carry a body, so never a Content-Length (RFC 9110 §8.6). */
const NO_BODY = new Set([204, 304]);
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Response compression. A body handed over whole (`res.end(body)`, `res.send`, `res.json`: every
 * page and almost every API answer) is compressed at once, in the request's own turn, and sent
 * with its length in one write. Profiled (docs/performance.md), the `compression` middleware's
 * stream took a round trip through libuv's thread pool per chunk and wrote a page in about six
 * socket writes, costing more CPU than compressing it. Anything written in parts (`res.write`,
 * streamed pages, files) still goes through `compression`, which also handles `deflate`.
 */
export function compressResponses(settings: CompressionSettings): RequestHandler {
  const threshold = settings.threshold ?? 1024;
  const streaming = compression({
    threshold,
    level: settings.gzipLevel,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: settings.brotliQuality } },
  });
  const encode = (method: 'br' | 'gzip', body: Buffer) =>
    method === 'br'
      ? zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: settings.brotliQuality,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : zlib.gzipSync(body, { level: settings.gzipLevel });

  return (req, res, next) => {
    streaming(req, res, (error?: unknown) => {
      if (error) {
        next(error);
        return;
      }
      compressWholeBodies(res, (body) => {
        if (req.method === 'HEAD' || !compression.filter(req, res)) return undefined;
        if (NO_TRANSFORM.test(String(res.getHeader('Cache-Control') ?? ''))) return undefined;
        res.vary('Accept-Encoding');
        if (body.length < threshold || body.length > MAX_SYNC_BYTES) return undefined;
        const current = res.getHeader('Content-Encoding');
        if (current && current !== 'identity') return undefined;
        const method = new Negotiator(req).encoding(ENCODINGS, { preferred: PREFERRED });
        if (method !== 'br' && method !== 'gzip') return undefined;
        return { method, body: encode(method, body) };
      });
      next();
    });
  };
}

type Encoder = (body: Buffer) => { method: string; body: Buffer } | undefined;

/**
 * Wraps `res.end` (already wrapped by `compression`): a body given whole, before anything was
 * written, leaves encoded with its headers set, so `compression` passes it through untouched.
 */
function compressWholeBodies(res: Response, encoder: Encoder) {
  const write = res.write;
  const end = res.end;
  let written = false;
  res.write = function (this: Response, ...args: Parameters<Response['write']>) {
    written = true;
    return write.apply(this, args);
  } as Response['write'];
  res.end = function (this: Response, ...args: unknown[]) {
    const [chunk, encodingOrCallback, maybeCallback] = args;
    const body = written || res.headersSent ? undefined : asBuffer(chunk, encodingOrCallback);
    if (body) {
      const encoded = encoder(body);
      if (encoded) {
        res.setHeader('Content-Encoding', encoded.method);
        res.setHeader('Content-Length', encoded.body.length);
        const callback =
          typeof encodingOrCallback === 'function' ? encodingOrCallback : maybeCallback;
        const endWith = end as (...rest: unknown[]) => Response;
        return typeof callback === 'function'
          ? endWith.call(this, encoded.body, callback)
          : endWith.call(this, encoded.body);
      }
      // Sent as it is: `compression` writes the headers before the body, so give the length.
      if (body.length > 0 && !NO_BODY.has(res.statusCode) && !res.hasHeader('Content-Length')) {
        res.setHeader('Content-Length', body.length);
      }
    }
    return (end as (...rest: unknown[]) => Response).apply(this, args);
  } as Response['end'];
}

function asBuffer(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  if (typeof chunk === 'string') {
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  }
  return undefined;
}
