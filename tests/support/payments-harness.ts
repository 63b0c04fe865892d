import { testSession } from './test-user.ts';
import { randomBytes } from 'node:crypto';
import express from 'express';
import { pino } from 'pino';
import { toSessionUser, type SessionUser } from '../../domain/session-user.ts';
import { createApiRouter } from '../../server/http/api.ts';
import { mountPaymentsApi } from '../../server/marketplace/payments/api.ts';
import type { PaymentProvider } from '../../server/marketplace/payments/payment-provider.ts';
import {
  createPaymentsRouter,
  WEBHOOK_PATH,
} from '../../server/marketplace/payments/payments-router.ts';
import {
  createPaymentsService,
  type PaymentsService,
} from '../../server/marketplace/payments/payments-service.ts';
import { createStripeProvider } from '../../server/marketplace/payments/stripe-provider.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { serveForTest } from './serve.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** As the session middleware builds it from a verified ID token's claims. */
export const person = (sub: string, isAdmin = false): SessionUser =>
  toSessionUser({
    sub,
    email: `${sub}@example.com`,
    name: `${sub} Person`,
    'cognito:groups': isAdmin ? ['admins'] : ['members'],
  });

export const SUPPLIER = {
  name: 'Roost Property Ltd',
  address: '1 Test Street, Leeds, LS1 1AA',
  vatNumber: 'GB123456789',
};

export interface PaymentsHarness {
  database: TestDatabase;
  payments: PaymentsService;
  /** The service's clock, real time unless set (webhook signatures always use real time, as Stripe's do). */
  clock: { now: Date | undefined };
  /** `http://127.0.0.1:<port>`; the API is under /api/v1, users by the x-test-user header. */
  base: string;
  /** Posts a raw webhook to the endpoint as Stripe does. */
  deliver(webhook: { body: string; signature?: string }): Promise<Response>;
  /** Calls the JSON API as a user (`sub`, `admin:sub` for an administrator) or signed out. */
  api(
    user: string | null,
    path: string,
    init?: { method?: string; body?: unknown },
  ): Promise<Response>;
  close(): Promise<void>;
}

/**
 * One database, the payments service and its HTTP routes on a loopback port, with the given
 * provider. The session middleware is replaced by one reading a test header.
 */
export async function startPaymentsHarness(
  makeProvider: (database: TestDatabase, harness: { base: () => string }) => PaymentProvider,
): Promise<PaymentsHarness> {
  const database = await createTestDatabase();
  const clock: { now: Date | undefined } = { now: undefined };
  let base = '';
  const provider = makeProvider(database, { base: () => base });
  const payments = createPaymentsService({
    db: database.db,
    provider,
    supplier: SUPPLIER,
    logger: pino({ level: 'silent' }),
    now: () => clock.now ?? new Date(),
  });
  const app = express();
  app.use((req, _res, next) => {
    req.log = pino({ level: process.env.TEST_LOG_LEVEL === 'debug' ? 'debug' : 'silent' });
    next();
  });
  app.use(
    testSession((header) =>
      header.startsWith('admin:') ? person(header.slice('admin:'.length), true) : person(header),
    ),
  );
  app.use(createPaymentsRouter(payments));
  app.use(
    '/api/v1',
    createApiRouter((api) => mountPaymentsApi(api, payments)),
  );
  const served = await serveForTest(app);
  base = served.base;
  return {
    database,
    payments,
    clock,
    base,
    deliver: ({ body, signature }) =>
      fetch(`${base}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
        body,
      }),
    api: (user, path, init = {}) =>
      fetch(`${base}/api/v1${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          ...(user ? { 'x-test-user': user } : {}),
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      }),
    close: async () => {
      await served.close();
      await database.destroy();
    },
  };
}

/** The harness with the real Stripe SDK talking to a fake Stripe on 127.0.0.1. */
export async function startStripeHarness(): Promise<PaymentsHarness & { stripe: FakeStripe }> {
  const stripe = await startFakeStripe();
  const harness = await startPaymentsHarness(() =>
    createStripeProvider({
      secretKey: stripe.secretKey,
      publishableKey: 'pk_test_roost',
      webhookSecret: stripe.webhookSecret,
      client: stripe.clientOptions,
    }),
  );
  return {
    ...harness,
    stripe,
    close: async () => {
      await harness.close();
      await stripe.close();
    },
  };
}

/** A fresh idempotency key, as the checkout page makes one per visit. */
export const checkoutKey = () => randomBytes(16).toString('hex');
