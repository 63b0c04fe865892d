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
