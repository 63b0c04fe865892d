import { z } from 'zod';

/**
 * What an administrator sends from a user's page in the admin portal, checked alike by the page
 * (the first step, before it asks for confirmation) and by the use cases.
 */

/** The actions on a user's page; each needs a reason and is recorded in the audit log. */
export const USER_ACTIONS = [
  'disable',
  'enable',
  'reset-password',
  'reset-mfa',
  'resend-confirmation',
  'make-admin',
  'remove-admin',
] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

export const USER_ACTION_LABELS: Record<UserAction, string> = {
  disable: 'Disable the account (signs them out everywhere, hides their listings)',
  enable: 'Re-enable the account',
  'reset-password': 'Force a password reset',
  'reset-mfa': 'Reset two-step verification',
  'resend-confirmation': 'Resend the confirmation code',
  'make-admin': 'Make an administrator',
  'remove-admin': 'Remove administrator rights',
};

const reason = z
  .string({ message: 'Give a reason of at least 3 characters.' })
  .trim()
  .min(3, 'Give a reason of at least 3 characters.')
  .max(500, 'Keep the reason under 500 characters.');

export const userActionInput = z.object({
  action: z.enum(USER_ACTIONS, { message: 'Choose an action.' }),
  reason,
});
export type UserActionInput = z.infer<typeof userActionInput>;

export const userErasureInput = z.object({ reason });

export const userSearchInput = z.object({
  q: z.string().trim().max(200).optional().default(''),
  status: z.enum(['active', 'unconfirmed', 'disabled']).optional().catch(undefined),
  admins: z.coerce.boolean().optional().default(false),
  hasListings: z.coerce.boolean().optional().default(false),
  reported: z.coerce.boolean().optional().default(false),
});
export type UserSearch = z.input<typeof userSearchInput>;
