import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  cancellationInput,
  checkoutInput,
  paymentFilters,
  refundInput,
} from '../../../../domain/payments/payment-inputs.ts';
import { outcomeInput } from '../../payments/stand-in-checkout.ts';
import { errors, json, jsonBody, listingIdPath, signedIn } from '../common.ts';

/**
 * Paid upgrades (docs/payments.md). Amounts are whole pence, VAT included. The provider's webhook
 * (`POST /api/v1/payments/webhook`, Stripe-signed raw body) is served before this API and is not
 * an operation for clients, so it is not listed here.
 */
const paymentIdPath = z.object({
  id: z.coerce.number().int().positive().meta({ description: 'The payment id' }),
});

/** Responses are described by their main fields; each may carry more. */
const record = (id: string, description: string, shape: z.ZodRawShape) =>
  z.looseObject(shape).meta({ id, description });

const checkout = record('Checkout', 'A checkout to show: amount, VAT and how to pay', {
  paymentId: z.int(),
  amountPence: z.int(),
  vatPence: z.int(),
});
const receipt = record('Receipt', 'A payment with its invoice, refunds and upgrades', {
  paymentId: z.int(),
  status: z.string(),
});
const quote = record('CancellationQuote', 'The refund due if cancelled now (pro rata)', {
  amountPence: z.int(),
  quotedAt: z.string(),
});

export const paymentPaths: ZodOpenApiPathsObject = {
  '/payments/products': {
    get: {
      operationId: 'listProducts',
      tags: ['Payments'],
      summary: 'The upgrades on sale, prices in pence including VAT, and how checkout works',
      responses: {
        200: json('The catalogue', z.looseObject({ products: z.array(z.looseObject({})) })),
      },
    },
  },
  '/listings/{id}/checkouts': {
    post: {
      operationId: 'startCheckout',
      tags: ['Payments'],
      summary: 'Start buying an upgrade for one of your listings (the same key twice: one order)',
      security: signedIn,
      requestParams: { path: listingIdPath },
      requestBody: jsonBody(checkoutInput),
      responses: { 201: json('The checkout', checkout), ...errors(401, 404, 409, 422) },
    },
  },
  '/listings/{id}/bumps': {
    post: {
      operationId: 'applyBump',
      tags: ['Payments'],
      summary: "Use a bump you bought: back to the top of 'Newest first'",
      security: signedIn,
      requestParams: { path: listingIdPath },
      responses: { 201: json('The bump applied', z.looseObject({})), ...errors(401, 404, 409) },
    },
  },
  '/me/payments': {
    get: {
      operationId: 'listMyPayments',
      tags: ['Payments'],
      summary: 'Your payments, newest first',
      security: signedIn,
      responses: {
        200: json('Your payments', z.looseObject({ payments: z.array(receipt) })),
        ...errors(401),
      },
    },
  },
  '/me/payments/{id}': {
    get: {
      operationId: 'getReceipt',
      tags: ['Payments'],
      summary: 'Your receipt: invoice number, net, VAT, gross, refunds',
      security: signedIn,
      requestParams: { path: paymentIdPath },
      responses: { 200: json('The receipt', receipt), ...errors(401, 404) },
    },
  },
  '/me/payments/{id}/checkout': {
    get: {
      operationId: 'getCheckout',
      tags: ['Payments'],
      summary: 'Your checkout again (after a reload, or back from 3-D Secure)',
      security: signedIn,
      requestParams: { path: paymentIdPath },
      responses: { 200: json('The checkout', checkout), ...errors(401, 404) },
    },
  },
  '/me/payments/{id}/test-outcome': {
    post: {
      operationId: 'submitTestOutcome',
      tags: ['Payments'],
      summary: 'The built-in test provider only: pay, decline or need authentication',
      security: signedIn,
      requestParams: { path: paymentIdPath },
      requestBody: jsonBody(outcomeInput),
      responses: { 200: json('The checkout now', checkout), ...errors(401, 404, 409, 422) },
    },
  },
  '/me/payments/{id}/cancellation': {
    get: {
      operationId: 'quoteCancellation',
      tags: ['Payments'],
      summary: 'What cancelling within 14 days refunds now (the unused part, pro rata)',
      security: signedIn,
      requestParams: { path: paymentIdPath },
      responses: { 200: json('The quote', quote), ...errors(401, 404, 409) },
    },
    post: {
      operationId: 'cancelPayment',
      tags: ['Payments'],
      summary: 'Cancel within 14 days for the refund you were quoted',
      security: signedIn,
      requestParams: { path: paymentIdPath },
      requestBody: jsonBody(cancellationInput),
      responses: { 201: json('The refund', z.looseObject({})), ...errors(401, 404, 409, 422) },
    },
  },
  '/admin/payments': {
    get: {
      operationId: 'listPayments',
      tags: ['Administration'],
      summary: 'Payments with filters and totals (gross, refunds, net, VAT); administrators only',
      security: signedIn,
      requestParams: { query: paymentFilters },
      responses: { 200: json('Payments and totals', z.looseObject({})), ...errors(401, 403, 422) },
    },
  },
  '/admin/payments.csv': {
    get: {
      operationId: 'exportPayments',
      tags: ['Administration'],
      summary: 'The same payments as CSV; administrators only',
      security: signedIn,
      requestParams: { query: paymentFilters },
      responses: {
        200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
        ...errors(401, 403, 422),
      },
    },
  },
  '/admin/payments/{id}': {
    get: {
      operationId: 'getPaymentDetail',
      tags: ['Administration'],
      summary: "A payment's timeline: created, paid, webhook events, refunds",
      security: signedIn,
      requestParams: { path: paymentIdPath },
      responses: { 200: json('The payment', receipt), ...errors(401, 403, 404) },
    },
  },
  '/admin/payments/{id}/refunds': {
    post: {
      operationId: 'refundPayment',
      tags: ['Administration'],
      summary: 'Refund all or part of what remains, with a reason and a note',
      security: signedIn,
      requestParams: { path: paymentIdPath },
      requestBody: jsonBody(refundInput),
      responses: {
        201: json('The refund', z.looseObject({})),
        ...errors(401, 403, 404, 409, 422),
      },
    },
  },
};
