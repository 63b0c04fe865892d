/**
 * What an erased account leaves where its words and its id were (UK GDPR art. 17). The id mark
 * is one fixed value, never an account id (those are UUIDs), so nothing links the leftovers of
 * two erasures to each other or to the person, and no signed-in user can ever match it.
 */
export const ERASED_ACCOUNT_ID = 'erased-account';

/** Shown to the other party in place of each message the erased person wrote. */
export const ERASED_MESSAGE = '[message removed: account erased]';

/** In place of other things the erased person wrote (report details, appeal statements). */
export const ERASED_TEXT = '[removed: account erased]';

/** In place of a name, title or address that must stay non-empty. */
export const ERASED_FIELD = '[erased]';

/**
 * What erasure keeps, and why: shown to the admin after erasing, and listed by the privacy
 * policy (app/routes/privacy-policy.tsx) from this same list. The erasure sweep test
 * (tests/integration/erasure-sweep.db.test.ts) allows nothing else to remain.
 */
export const ERASURE_KEPT = [
  {
    what: 'Orders, payments, invoices and refunds (with the name and e-mail on the invoice)',
    why: 'VAT and company records must be kept for six years (VAT Act 1994 sch. 11 para. 6; Companies Act 2006 s. 388).',
  },
  {
    what: 'Moderation decisions, appeals and the reports behind them, without the reporter’s or lister’s identity or the words they wrote',
    why: 'The Online Safety Act 2023 requires records of complaints and of the action taken on them.',
  },
  {
    what: 'For a listing moderators removed or paused, its fingerprint (address, title, description and photo hashes, with no account id) for 12 months from the decision',
    why: 'So the same scam cannot be posted again under a new account (UK GDPR art. 6(1)(f): preventing fraud against people who use Roost).',
  },
  {
    what: 'The admin audit log entries about this account, and the record that it was erased (its id and when)',
    why: 'Accountability for administrators’ actions and for carrying out the request (UK GDPR art. 5(2)); they hold only the account id and the reason.',
  },
] as const;
