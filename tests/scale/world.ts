import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { vi } from 'vitest';
import type { Cluster } from './cluster.ts';
import { idp, ok, PASSWORD, srpSignIn, type Pool, type Tokens } from './identity-client.ts';

/** What the scenarios do through the balancer: members, listings, photos, traffic. */

export const unique = (label: string) =>
  `scale.${label}.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`;

/** A visitor's own address (TRUST_PROXY=loopback), so per-address limits see many senders. */
export const visitor = (n: number) => ({
  'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
});

/** Waits for `check` to stop throwing (polling); its last error explains a time-out. */
export function until<T>(check: () => Promise<T> | T, timeout = 120_000): Promise<T> {
  return vi.waitFor(check, { timeout, interval: 250 });
}

/** The confirmation code e-mailed to `email` (any instance may have sent it). */
export async function codeFor(cluster: Cluster, email: string): Promise<string> {
  return until(() => {
    const mail = cluster.mails().find((candidate) => candidate.to.includes(email));
    const code = mail && /\b(\d{6})\b/.exec(mail.body)?.[1];
    if (!code) throw new Error(`no code e-mailed to ${email}`);
    return code;
  });
}

/** Signs up and confirms through `base`, then signs in with SRP; answers the tokens. */
export async function newMember(cluster: Cluster, pool: Pool, email: string): Promise<Tokens> {
  const base = cluster.balancer.url;
  ok(
    await idp(base, 'SignUp', {
      ClientId: pool.clientId,
      Username: email,
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
    'SignUp',
  );
  ok(
    await idp(base, 'ConfirmSignUp', {
      ClientId: pool.clientId,
      Username: email,
      ConfirmationCode: await codeFor(cluster, email),
    }),
    'ConfirmSignUp',
  );
  const signedIn = await srpSignIn(pool, email, { initiateBase: base, respondBase: base });
  if (!signedIn.tokens) throw new Error(`SRP sign-in: ${JSON.stringify(signedIn.second.body)}`);
  return signedIn.tokens;
}

/** A four-bedroom detached house in Leeds, as a third-party client would list it. */
export function leedsHouse(title: string) {
  return {
    channel: 'sale',
    propertyType: 'detached',
    addressLine1: `${1 + (Date.now() % 90)} Scale Avenue`,
    town: 'Leeds',
    postcode: 'LS6 2AB',
    title,
    description:
      'A spacious four bedroom detached family home with a large garden, close to schools and the park.',
    keyFeatures: ['Large garden', 'Garage'],
    bedrooms: 4,
    bathrooms: 2,
    receptions: 2,
    tenure: 'freehold',
    councilTaxBand: 'E',
    epcRating: 'C',
    price: 450_000 + (Date.now() % 1000) * 100,
    priceQualifier: 'guide_price',
  };
}

/** JSON to `base` + path, from the site's own pages (Origin), with the member's token. */
export async function api(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${base}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      origin: base.replace(/\/$/, ''),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text: text.slice(0, 300) };
  }
  return { status: response.status, body, headers: response.headers };
}

/** A photo no one has uploaded before (random colour and noise), small enough to be quick. */
export async function freshPhoto(): Promise<Buffer> {
  const [r, gr, b] = randomBytes(3);
  return sharp({
    create: {
      width: 1200,
      height: 900,
      channels: 3,
      background: { r: r!, g: gr!, b: b! },
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}
