import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { AppError } from '../../http/app-error.ts';
import { jobs } from '../../jobs/schema.ts';
import { orders, payments, refunds, upgrades, type Order, type Payment } from './schema.ts';

/** A transaction handle; every helper here works on one or on the database itself. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Db = Database | Tx;

export interface PaymentWithOrder {
  payment: Payment;
  order: Order;
}

/** The buyer's own payment and its order; someone else's is 'not found', never 'forbidden'. */
export async function loadBuyerPayment(
  db: Db,
  user: SessionUser | null,
  paymentId: number,
): Promise<PaymentWithOrder> {
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to see your payments.');
  const [row] = await db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, paymentId), eq(orders.buyerSub, user.userId)));
  if (!row) throw new AppError('NOT_FOUND', 'No such payment.');
  return row;
}

/** Locks a payment row for the rest of the transaction, so changes to it take turns. */
export async function lockPayment(
  tx: Tx,
  where: { id: number } | { providerPaymentId: string },
): Promise<PaymentWithOrder | undefined> {
  // Only the payment row is locked (`FOR UPDATE OF` a schema-qualified table is not valid SQL).
  const [payment] = await tx
    .select()
    .from(payments)
    .where(
      'id' in where
        ? eq(payments.id, where.id)
        : eq(payments.providerPaymentId, where.providerPaymentId),
    )
    .for('update');
  if (!payment) return undefined;
  const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId));
  return { payment, order: order! };
}

/** Refunds that succeeded or are under way: what no further refund may take again. */
export async function committedRefundsPence(db: Db, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amountPence}), 0)::integer` })
    .from(refunds)
    .where(
      and(eq(refunds.paymentId, paymentId), inArray(refunds.status, ['pending', 'succeeded'])),
    );
  return row?.total ?? 0;
}

/** Puts a job in the durable queue inside the caller's transaction (done once per key). */
export async function enqueueJobInTransaction(
  tx: Db,
  job: { name: string; payload: object; dedupeKey: string },
): Promise<void> {
  await tx
    .insert(jobs)
    .values({ name: job.name, payload: job.payload, dedupeKey: job.dedupeKey })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

/** A payment and its order by id, without a lock (for reading). */
export async function findPayment(
  db: Db,
  paymentId: number,
): Promise<PaymentWithOrder | undefined> {
  const [row] = await db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, paymentId));
  return row;
}

/** A payment's refunds (oldest first) and its order's upgrades, for the receipt and the timeline. */
export async function refundsAndUpgradesOf(db: Database, paymentId: number, orderId: number) {
  const [refundRows, upgradeRows] = await Promise.all([
    db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, paymentId))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
    db.select().from(upgrades).where(eq(upgrades.orderId, orderId)).orderBy(asc(upgrades.id)),
  ]);
  return { refundRows, upgradeRows };
}
