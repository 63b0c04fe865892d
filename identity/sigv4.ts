import { Hash } from '@smithy/hash-node';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { safeEqual } from './crypto/secrets.ts';

/**
 * Checks an AWS Signature Version 4 on an admin request by signing the same canonical request
 * with `@smithy/signature-v4` (the AWS SDK's own signer) and comparing in constant time.
 */
export interface SignedRequest {
  method: string;
  /** Path as received, e.g. `/idp/`. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const MAX_SKEW_MS = 15 * 60_000;

const authorizationPattern =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;.-]+), ?Signature=([0-9a-f]{64})$/;

function parseAmzDate(value: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}

export async function verifySigV4(
  request: SignedRequest,
  credentials: { accessKeyId: string; secretAccessKey: string },
): Promise<boolean> {
  const authorization = request.headers.authorization;
  const amzDate = request.headers['x-amz-date'];
  if (typeof authorization !== 'string' || typeof amzDate !== 'string') return false;
  const match = authorizationPattern.exec(authorization);
  if (!match) return false;
  const [, accessKeyId, scopeDate, region, service, signedHeaderList] = match;
  if (!credentials.accessKeyId || !safeEqual(accessKeyId!, credentials.accessKeyId)) return false;
  if (service !== 'cognito-idp') return false;
  const signingDate = parseAmzDate(amzDate);
  if (!signingDate || !amzDate.startsWith(scopeDate!)) return false;
  if (Math.abs(signingDate.getTime() - Date.now()) > MAX_SKEW_MS) return false;

  const signedHeaders = signedHeaderList!.split(';');
  if (!signedHeaders.includes('host')) return false;
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = request.headers[name];
    if (value === undefined) return false;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const [hostname, port] = headers.host!.split(':');
  const unsigned = new HttpRequest({
    method: request.method,
    protocol: 'https:',
    hostname: hostname!,
    ...(port ? { port: Number(port) } : {}),
    path: request.path,
    query: request.query,
    headers,
    body: request.body.toString('utf8'),
  });
  const signer = new SignatureV4({
    credentials,
    region: region!,
    service: service!,
    sha256: Hash.bind(null, 'sha256'),
  });
  const signed = await signer.sign(unsigned, { signingDate });
  const expected = signed.headers.authorization ?? signed.headers.Authorization;
  return typeof expected === 'string' && safeEqual(expected, authorization);
}
