/**
 * Every kind of action an administrator can take, as recorded in the audit log. One list so the
 * log's filter, its labels and the code that writes entries cannot drift apart.
 */
export const ADMIN_AUDIT_ACTIONS = [
  'moderation.decide',
  'moderation.appeal-decide',
  'user.disable',
  'user.enable',
  'user.sign-out',
  'user.reset-password',
  'user.reset-mfa',
  'user.resend-confirmation',
  'user.make-admin',
  'user.remove-admin',
  'user.export',
  'user.erase',
  'payment.refund',
  'catalogue.update',
  'upgrade.grant',
  'upgrade.end',
  'promo.create',
  'promo.update',
  'campaign.create',
  'campaign.update',
  'campaign.test-send',
  'campaign.schedule',
  'campaign.cancel',
] as const;

export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

export const ADMIN_AUDIT_ACTION_LABELS: Record<AdminAuditAction, string> = {
  'moderation.decide': 'Moderation decision',
  'moderation.appeal-decide': 'Appeal decision',
  'user.disable': 'Disabled a user',
  'user.enable': 'Re-enabled a user',
  'user.sign-out': 'Signed a user out everywhere',
  'user.reset-password': 'Forced a password reset',
  'user.reset-mfa': 'Reset MFA',
  'user.resend-confirmation': 'Resent confirmation',
  'user.make-admin': 'Made an administrator',
  'user.remove-admin': 'Removed an administrator',
  'user.export': 'Exported a user’s data',
  'user.erase': 'Erased a user',
  'payment.refund': 'Refunded a payment',
  'catalogue.update': 'Changed the catalogue',
  'upgrade.grant': 'Granted a complimentary upgrade',
  'upgrade.end': 'Ended an upgrade early',
  'promo.create': 'Created a promo code',
  'promo.update': 'Changed a promo code',
  'campaign.create': 'Created an e-mail campaign',
  'campaign.update': 'Changed an e-mail campaign',
  'campaign.test-send': 'Sent a campaign test',
  'campaign.schedule': 'Scheduled an e-mail campaign',
  'campaign.cancel': 'Cancelled an e-mail campaign',
};

/** What an entry is about, so the log can be filtered by target. */
export const ADMIN_AUDIT_TARGETS = [
  'listing',
  'user',
  'payment',
  'product',
  'upgrade',
  'promo-code',
  'campaign',
  'appeal',
] as const;

export type AdminAuditTarget = (typeof ADMIN_AUDIT_TARGETS)[number];
