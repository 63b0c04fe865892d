import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.ts';
import type { AdminUsersService } from './admin-users-service.ts';

/** Hourly: erase the accounts whose owners asked at least 14 days ago and did not cancel. */
export function createAccountErasureJob(service: Pick<AdminUsersService, 'runDueErasures'>) {
  return defineJob({
    name: 'accounts.erase-due',
    payload: z.object({}),
    everyMs: 60 * 60 * 1000,
    async run(_payload, { logger }) {
      const erased = await service.runDueErasures();
      if (erased) logger.info({ erased }, 'accounts erased');
    },
  });
}
