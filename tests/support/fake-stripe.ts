import { randomBytes } from 'node:crypto';
import express from 'express';
import Stripe from 'stripe';
import { serveForTest } from './serve.ts';

/**
 * A tiny stand-in for Stripe's API on 127.0.0.1, for tests that drive the real `stripe` SDK
 * (pointed here by its `host`, `port` and `protocol` options). It implements only what Roost
 * calls — PaymentIntents create and retrieve, refunds create and retrieve — with Stripe's idempotency keys
 * and error shape, and signs webhooks with the SDK's own `generateTestHeaderString`.
 */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  automatic_payment_methods: { enabled: boolean } | null;
  last_payment_error: { code: string; decline_code?: string; message: string; type: string } | null;
  next_action: { type: string } | null;
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeStripe {
  secretKey: string;
  webhookSecret: string;
  /** SDK options that send its requests here. */
  clientOptions: Stripe.StripeConfig;
  intents: Map<string, FakeIntent>;
  refunds: Map<string, FakeRefund>;
  requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  /** What a card does at Stripe: the intent's new state. */
  setIntent(
    id: string,
    change: 'succeeded' | 'declined' | 'requires_action' | 'processing',
  ): FakeIntent;
  /** A webhook body and its Stripe-Signature header, as Stripe would post them. */
  webhook(
    type: string,
    object: object,
    options?: { timestamp?: number; id?: string; secret?: string },
  ): { body: string; signature: string; id: string };
  /** The next refund request fails as Stripe fails it (network or API error). */
  failNextRefund(): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

interface StripeState {
  secretKey: string;
  intents: Map<string, FakeIntent>;
  refunds: Map<string, FakeRefund>;
  requests: FakeStripe['requests'];
  idempotent: Map<string, { status: number; body: unknown }>;
  refundFailures: number;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'a')}`;
  const state: StripeState = {
    secretKey: `sk_test_${randomBytes(12).toString('hex')}`,
    intents: new Map(),
    refunds: new Map(),
    requests: [],
    idempotent: new Map(),
    refundFailures: 0,
  };
  const { secretKey, intents, refunds, requests } = state;
  const served = await serveForTest(fakeStripeApp(state));
  const url = new URL(served.base);
  return {
    secretKey,
    webhookSecret,
    clientOptions: {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
    },
    intents,
    refunds,
    requests,
    setIntent(intentId, change) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`No fake intent ${intentId}`);
      changeIntent(intent, change);
      return { ...intent };
    },
    webhook: (type, object, options = {}) => signedWebhook(webhookSecret, type, object, options),
    failNextRefund() {
      state.refundFailures += 1;
    },
    close: served.close,
  };
}

const error = (res: express.Response, status: number, code: string, message: string) =>
  res.status(status).json({ error: { type: 'invalid_request_error', code, message } });

function fakeStripeApp(state: StripeState): express.Express {
  const app = express();
  app.use(express.urlencoded({ extended: true }));
  app.use((req, res, next) => checkKeyAndReplay(state, req, res, next));
  app.post('/v1/payment_intents', (req, res) => {
    const intent = newIntent(req.body as Record<string, unknown>);
    state.intents.set(intent.id, intent);
    res.json(intent);
  });
  app.get('/v1/payment_intents/:id', (req, res) => {
    const intent = state.intents.get(req.params.id);
    if (!intent)
      return error(res, 404, 'resource_missing', `No such payment_intent: '${req.params.id}'`);
    res.json(intent);
  });
  app.post('/v1/refunds', (req, res) => createRefund(state, req, res));
  app.get('/v1/refunds/:id', (req, res) => {
    const refund = state.refunds.get(req.params.id);
    if (!refund) return error(res, 404, 'resource_missing', `No such refund: '${req.params.id}'`);
    res.json(refund);
  });
  app.use((req, res) =>
    error(res, 404, 'unknown_route', `Fake Stripe has no ${req.method} ${req.path}`),
  );
  return app;
}

/** Stripe's API key check, and its idempotency keys: a repeated POST gets the first answer. */
function checkKeyAndReplay(
  state: StripeState,
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
) {
  const key = req.get('idempotency-key');
  state.requests.push({ method: req.method, path: req.path, idempotencyKey: key });
  if (req.get('authorization') !== `Bearer ${state.secretKey}`) {
    res
      .status(401)
      .json({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    return;
  }
  if (key && req.method === 'POST') {
    const seen = state.idempotent.get(`${req.path}:${key}`);
    if (seen) {
      res.status(seen.status).json(seen.body);
      return;
    }
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      state.idempotent.set(`${req.path}:${key}`, { status: res.statusCode, body });
      return json(body);
    };
  }
  next();
}

function newIntent(body: Record<string, unknown>): FakeIntent {
  const intentId = id('pi');
  return {
    id: intentId,
    object: 'payment_intent',
    amount: Number(body.amount),
    amount_received: 0,
    currency: String(body.currency),
    status: 'requires_payment_method',
    client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
    metadata: (body.metadata as Record<string, string>) ?? {},
    description: typeof body.description === 'string' ? body.description : null,
    automatic_payment_methods:
      (body.automatic_payment_methods as { enabled?: string } | undefined)?.enabled === 'true'
        ? { enabled: true }
        : null,
    last_payment_error: null,
    next_action: null,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
  };
}

function createRefund(state: StripeState, req: express.Request, res: express.Response) {
  const body = req.body as Record<string, unknown>;
  if (state.refundFailures > 0) {
    state.refundFailures -= 1;
    return error(res, 500, 'api_error', 'An error occurred with our connection to Stripe.');
  }
  const intent = state.intents.get(String(body.payment_intent));
  if (!intent) return error(res, 400, 'resource_missing', 'No such payment_intent');
  if (intent.status !== 'succeeded')
    return error(
      res,
      400,
      'charge_not_refundable',
      'This PaymentIntent has no successful charge to refund.',
    );
  const refunded = [...state.refunds.values()]
    .filter((refund) => refund.payment_intent === intent.id && refund.status !== 'failed')
    .reduce((sum, refund) => sum + refund.amount, 0);
  const amount = body.amount === undefined ? intent.amount - refunded : Number(body.amount);
  if (refunded >= intent.amount)
    return error(res, 400, 'charge_already_refunded', 'Charge has already been refunded.');
  if (amount > intent.amount - refunded) {
    return error(
      res,
      400,
      'amount_too_large',
      'Refund amount is greater than unrefunded amount on charge.',
    );
  }
  const refund: FakeRefund = {
    id: id('re'),
    object: 'refund',
    amount,
    currency: intent.currency,
    payment_intent: intent.id,
    status: 'succeeded',
    reason: typeof body.reason === 'string' ? body.reason : null,
    metadata: (body.metadata as Record<string, string>) ?? {},
    created: Math.floor(Date.now() / 1000),
  };
  state.refunds.set(refund.id, refund);
  res.json(refund);
}

function changeIntent(intent: FakeIntent, change: Parameters<FakeStripe['setIntent']>[1]) {
  switch (change) {
    case 'succeeded':
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        last_payment_error: null,
        next_action: null,
      });
      break;
    case 'declined':
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      });
      break;
    case 'requires_action':
      Object.assign(intent, {
        status: 'requires_action',
        next_action: { type: 'use_stripe_sdk' },
      });
      break;
    case 'processing':
      Object.assign(intent, { status: 'processing' });
      break;
  }
}

function signedWebhook(
  webhookSecret: string,
  type: string,
  object: object,
  options: { timestamp?: number; id?: string; secret?: string },
) {
  const eventId = options.id ?? id('evt');
  const body = JSON.stringify(
    {
      id: eventId,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: options.timestamp ?? Math.floor(Date.now() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    },
    null,
    2,
  );
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? webhookSecret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return { body, signature, id: eventId };
}
