import type { Request, Response, Router } from 'express';
import { sessionUserOf } from '../../auth/session-middleware.ts';
import { AppError } from '../../http/app-error.ts';
import type { PaymentsService } from './payments-service.ts';

type Params = Record<string, string>;

const idOf = (req: Request<Params>, name: string, what: string) => {
  const id = Number(req.params[name]);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('NOT_FOUND', `No such ${what}.`);
  return id;
};
const userOf = (res: Response) => sessionUserOf(res);

/**
 * `/api/v1` routes for paid upgrades (JSON). Who may do what is checked by each use case from
 * the verified ID token. The webhook is not here: it needs the raw body (payments-router.ts).
 */
export function mountPaymentsApi(api: Router, payments: PaymentsService): void {
  api.get('/payments/products', async (_req, res) => {
    res.json({ products: await payments.products(), checkout: payments.checkoutKind() ?? null });
  });
  api.post('/listings/:id/checkouts', async (req: Request<Params>, res) => {
    const listingId = idOf(req, 'id', 'listing');
    res
      .status(201)
      .json(await payments.startCheckout({ user: userOf(res), listingId, input: req.body ?? {} }));
  });
  api.post('/listings/:id/bumps', async (req: Request<Params>, res) => {
    const listingId = idOf(req, 'id', 'listing');
    res.status(201).json(await payments.applyBump({ user: userOf(res), listingId }));
  });
  api.get('/me/payments', async (_req, res) => {
    res.json({ payments: await payments.myPayments({ user: userOf(res) }) });
  });
  api.get('/me/payments/:id', async (req: Request<Params>, res) => {
    res.json(await payments.receipt({ user: userOf(res), paymentId: idOf(req, 'id', 'payment') }));
  });
  api.get('/me/payments/:id/checkout', async (req: Request<Params>, res) => {
    res.json(
      await payments.getCheckout({ user: userOf(res), paymentId: idOf(req, 'id', 'payment') }),
    );
  });
  api.post('/me/payments/:id/test-outcome', async (req: Request<Params>, res) => {
    const paymentId = idOf(req, 'id', 'payment');
    res.json(
      await payments.submitTestOutcome({ user: userOf(res), paymentId, input: req.body ?? {} }),
    );
  });
  api.get('/me/payments/:id/cancellation', async (req: Request<Params>, res) => {
    res.json(
      await payments.cancellationQuote({
        user: userOf(res),
        paymentId: idOf(req, 'id', 'payment'),
      }),
    );
  });
  api.post('/me/payments/:id/cancellation', async (req: Request<Params>, res) => {
    const paymentId = idOf(req, 'id', 'payment');
    res
      .status(201)
      .json(await payments.cancel({ user: userOf(res), paymentId, input: req.body ?? {} }));
  });

  api.get('/admin/payments', async (req, res) => {
    res.json(await payments.admin.list({ user: userOf(res), filters: req.query }));
  });
  api.get('/admin/payments.csv', async (req, res) => {
    const csv = await payments.admin.csv({ user: userOf(res), filters: req.query });
    res
      .type('text/csv; charset=utf-8')
      .attachment(`roost-payments-${new Date().toISOString().slice(0, 10)}.csv`)
      .send(csv);
  });
  api.get('/admin/payments/:id', async (req: Request<Params>, res) => {
    res.json(
      await payments.admin.detail({ user: userOf(res), paymentId: idOf(req, 'id', 'payment') }),
    );
  });
  api.post('/admin/payments/:id/refunds', async (req: Request<Params>, res) => {
    const paymentId = idOf(req, 'id', 'payment');
    res
      .status(201)
      .json(await payments.admin.refund({ user: userOf(res), paymentId, input: req.body ?? {} }));
  });
}
