import type { Database } from '../../../db/client.ts';
import { createUpgradeSweepJob } from './end-upgrades.ts';
import { createReceiptEmailJob, type SendPaymentEmail } from './receipt-email.ts';

/** The payments jobs for the durable queue: receipt e-mails and the upgrade sweep. */
export function createPaymentsJobs(options: {
  db: Database;
  send: () => SendPaymentEmail | undefined;
  publicUrl: () => string;
  sweepEveryMs?: number;
}) {
  return [
    createReceiptEmailJob(options),
    createUpgradeSweepJob({ db: options.db, everyMs: options.sweepEveryMs }),
  ];
}
