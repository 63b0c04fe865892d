import fs from 'node:fs/promises';
import express, { Router, type ErrorRequestHandler } from 'express';
import { AppError, toApiErrorBody } from '../../http/app-error.ts';
import type { PaymentsService } from './payments-service.ts';

/** Where the provider posts events; the same for Stripe and the built-in test provider. */
export const WEBHOOK_PATH = '/api/v1/payments/webhook';
export const APPLE_PAY_PATH = '/.well-known/apple-developer-merchantid-domain-association';

/**
 * Routes that must run before the JSON API: the webhook reads the raw body (the signature is
 * over the exact bytes), and the Apple Pay domain-association file Stripe gives you is served
 * as-is when configured.
 */
export function createPaymentsRouter(
  payments: Pick<PaymentsService, 'handleWebhook'>,
  options: { applePayDomainFile?: string | undefined } = {},
): Router {
  const router = Router();
  router.post(WEBHOOK_PATH, express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.get('stripe-signature');
    const result = await payments.handleWebhook({ rawBody, signature });
    res.setHeader('Cache-Control', 'no-store');
    res.json({ received: true, duplicate: result.isDuplicate });
  });
  if (options.applePayDomainFile) {
    const file = options.applePayDomainFile;
    router.get(APPLE_PAY_PATH, async (_req, res) => {
      res.type('text/plain').send(await fs.readFile(file));
    });
  }
  const errors: ErrorRequestHandler = (error, req, res, next) => {
    if (!req.path.startsWith(WEBHOOK_PATH)) return next(error);
    if (error instanceof AppError) {
      res.status(error.status).json(toApiErrorBody(error));
      return;
    }
    if (error?.type === 'entity.too.large') {
      res
        .status(413)
        .json(toApiErrorBody(new AppError('PAYLOAD_TOO_LARGE', 'The webhook body is too large.')));
      return;
    }
    // Anything else answers 500, so the provider delivers the event again later.
    req.log?.error({ err: error }, 'payments: webhook failed');
    res
      .status(500)
      .json(toApiErrorBody(new AppError('INTERNAL', 'The webhook could not be handled.')));
  };
  router.use(errors);
  return router;
}
