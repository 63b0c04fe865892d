import type { Database } from '../../db/client.ts';

/** A transaction on the marketplace database: every area's erasure step runs in the same one. */
export type ErasureTx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The account being erased: its id, and its e-mail address when still known (the pool is asked
 * before the identity is deleted), for what was sent signed out under that address.
 */
export interface ErasureTarget {
  sub: string;
  email: string | null;
  now: Date;
}
