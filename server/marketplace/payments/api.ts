import type { Response, Router } from 'express';
import { z } from 'zod';
import {
  cancellationInput,
  checkoutInput,
  paymentFilters,
  refundInput,
} from '../../../domain/payments/payment-inputs.ts';
import { sessionUserOf } from '../../auth/session-middleware.ts';
import { mountOperations, operationsOf } from '../../http/api-operation.ts';
import { errors, idParam, json, jsonBody, listingIdPath, signedIn } from '../openapi/common.ts';
import type { PaymentsService } from './payments-service.ts';
import { outcomeInput } from './stand-in-checkout.ts';

type Deps = { payments: PaymentsService };
const operation = operationsOf<Deps>();
const user = (res: Response) => sessionUserOf(res);

/**
 * Paid upgrades (docs/payments.md). Amounts are whole pence, VAT included. The provider's webhook
 * (`POST /api/v1/payments/webhook`, Stripe-signed raw body) is served before this API and is not
 * an operation for clients, so it is not listed here. Who may do what is checked by each use case
 * from the verified ID token.
 */
const paymentIdPath = z.object({ id: idParam('The payment id', 'No such payment.') });

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

export const paymentOperations = [
  operation({
    method: 'get',
    path: '/payments/products',
    operationId: 'listProducts',
    tags: ['Payments'],
    summary: 'The upgrades on sale, prices in pence including VAT, and how checkout works',
    responses: {
      200: json('The catalogue', z.looseObject({ products: z.array(z.looseObject({})) })),
    },
    handle: async ({ res, deps: { payments } }) => {
      res.json({ products: await payments.products(), checkout: payments.checkoutKind() ?? null });
    },
  }),
  operation({
    method: 'post',
    path: '/listings/{id}/checkouts',
    operationId: 'startCheckout',
    tags: ['Payments'],
    summary: 'Start buying an upgrade for one of your listings (the same key twice: one order)',
    security: signedIn,
    pathParams: listingIdPath,
    requestBody: jsonBody(checkoutInput),
    responses: { 201: json('The checkout', checkout), ...errors(401, 404, 409, 422) },
    handle: async ({ req, res, deps: { payments }, path }) => {
      const input = req.body ?? {};
      res
        .status(201)
        .json(await payments.startCheckout({ user: user(res), listingId: path.id, input }));
    },
  }),
  operation({
    method: 'post',
    path: '/listings/{id}/bumps',
    operationId: 'applyBump',
    tags: ['Payments'],
    summary: "Use a bump you bought: back to the top of 'Newest first'",
    security: signedIn,
    pathParams: listingIdPath,
    responses: { 201: json('The bump applied', z.looseObject({})), ...errors(401, 404, 409) },
    handle: async ({ res, deps: { payments }, path }) => {
      res.status(201).json(await payments.applyBump({ user: user(res), listingId: path.id }));
    },
  }),
  operation({
    method: 'get',
    path: '/me/payments',
    operationId: 'listMyPayments',
    tags: ['Payments'],
    summary: 'Your payments, newest first',
    security: signedIn,
    responses: {
      200: json('Your payments', z.looseObject({ payments: z.array(receipt) })),
      ...errors(401),
    },
    handle: async ({ res, deps: { payments } }) => {
      res.json({ payments: await payments.myPayments({ user: user(res) }) });
    },
  }),
  operation({
    method: 'get',
    path: '/me/payments/{id}',
    operationId: 'getReceipt',
    tags: ['Payments'],
    summary: 'Your receipt: invoice number, net, VAT, gross, refunds',
    security: signedIn,
    pathParams: paymentIdPath,
    responses: { 200: json('The receipt', receipt), ...errors(401, 404) },
    handle: async ({ res, deps: { payments }, path }) => {
      res.json(await payments.receipt({ user: user(res), paymentId: path.id }));
    },
  }),
  operation({
    method: 'get',
    path: '/me/payments/{id}/checkout',
    operationId: 'getCheckout',
    tags: ['Payments'],
    summary: 'Your checkout again (after a reload, or back from 3-D Secure)',
    security: signedIn,
    pathParams: paymentIdPath,
    responses: { 200: json('The checkout', checkout), ...errors(401, 404) },
    handle: async ({ res, deps: { payments }, path }) => {
      res.json(await payments.getCheckout({ user: user(res), paymentId: path.id }));
    },
  }),
  operation({
    method: 'post',
    path: '/me/payments/{id}/test-outcome',
    operationId: 'submitTestOutcome',
    tags: ['Payments'],
    summary: 'The built-in test provider only: pay, decline or need authentication',
    security: signedIn,
    pathParams: paymentIdPath,
    requestBody: jsonBody(outcomeInput),
    responses: { 200: json('The checkout now', checkout), ...errors(401, 404, 409, 422) },
    handle: async ({ req, res, deps: { payments }, path }) => {
      const input = req.body ?? {};
      res.json(await payments.submitTestOutcome({ user: user(res), paymentId: path.id, input }));
    },
  }),
  operation({
    method: 'get',
    path: '/me/payments/{id}/cancellation',
    operationId: 'quoteCancellation',
    tags: ['Payments'],
    summary: 'What cancelling within 14 days refunds now (the unused part, pro rata)',
    security: signedIn,
    pathParams: paymentIdPath,
    responses: { 200: json('The quote', quote), ...errors(401, 404, 409) },
    handle: async ({ res, deps: { payments }, path }) => {
      res.json(await payments.cancellationQuote({ user: user(res), paymentId: path.id }));
    },
  }),
  operation({
    method: 'post',
    path: '/me/payments/{id}/cancellation',
    operationId: 'cancelPayment',
    tags: ['Payments'],
    summary: 'Cancel within 14 days for the refund you were quoted',
    security: signedIn,
    pathParams: paymentIdPath,
    requestBody: jsonBody(cancellationInput),
    responses: { 201: json('The refund', z.looseObject({})), ...errors(401, 404, 409, 422) },
    handle: async ({ req, res, deps: { payments }, path }) => {
      const input = req.body ?? {};
      res.status(201).json(await payments.cancel({ user: user(res), paymentId: path.id, input }));
    },
  }),
  ...paymentAdminOperations(),
];

/** Administrators only (each use case checks the role). */
function paymentAdminOperations() {
  return [
    operation({
      method: 'get',
      path: '/admin/payments',
      operationId: 'listPayments',
      tags: ['Administration'],
      summary: 'Payments with filters and totals (gross, refunds, net, VAT); administrators only',
      security: signedIn,
      query: paymentFilters,
      responses: {
        200: json('Payments and totals', z.looseObject({})),
        ...errors(401, 403, 422),
      },
      handle: async ({ req, res, deps: { payments } }) => {
        res.json(await payments.admin.list({ user: user(res), filters: req.query }));
      },
    }),
    operation({
      method: 'get',
      path: '/admin/payments.csv',
      operationId: 'exportPayments',
      tags: ['Administration'],
      summary: 'The same payments as CSV; administrators only',
      security: signedIn,
      query: paymentFilters,
      responses: {
        200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
        ...errors(401, 403, 422),
      },
      handle: async ({ req, res, deps: { payments } }) => {
        const csv = await payments.admin.csv({ user: user(res), filters: req.query });
        res
          .type('text/csv; charset=utf-8')
          .attachment(`roost-payments-${new Date().toISOString().slice(0, 10)}.csv`)
          .send(csv);
      },
    }),
    operation({
      method: 'get',
      path: '/admin/payments/{id}',
      operationId: 'getPaymentDetail',
      tags: ['Administration'],
      summary: "A payment's timeline: created, paid, webhook events, refunds",
      security: signedIn,
      pathParams: paymentIdPath,
      responses: { 200: json('The payment', receipt), ...errors(401, 403, 404) },
      handle: async ({ res, deps: { payments }, path }) => {
        res.json(await payments.admin.detail({ user: user(res), paymentId: path.id }));
      },
    }),
    operation({
      method: 'post',
      path: '/admin/payments/{id}/refunds',
      operationId: 'refundPayment',
      tags: ['Administration'],
      summary: 'Refund all or part of what remains, with a reason and a note',
      security: signedIn,
      pathParams: paymentIdPath,
      requestBody: jsonBody(refundInput),
      responses: {
        201: json('The refund', z.looseObject({})),
        ...errors(401, 403, 404, 409, 422),
      },
      handle: async ({ req, res, deps: { payments }, path }) => {
        const input = req.body ?? {};
        res
          .status(201)
          .json(await payments.admin.refund({ user: user(res), paymentId: path.id, input }));
      },
    }),
  ];
}

/**
 * `/api/v1` routes for paid upgrades (JSON). The webhook is not here: it needs the raw body
 * (payments-router.ts).
 */
export function mountPaymentsApi(api: Router, payments: PaymentsService): void {
  mountOperations(api, paymentOperations, { payments });
}
