import { USER_ACTION_LABELS, USER_ACTIONS, type UserAction } from '@domain/admin/user-actions';

/** What the user page's action hands back: the confirmation step, a message, a failure or an erasure. */
export interface UserPageResult {
  intent: string;
  values?: { action: string; reason: string };
  message?: string;
  error?: string;
  fields?: Record<string, string>;
  summary?: {
    listingsRemoved: number;
    messagesRemoved: number;
    enquiriesRedacted: number;
    kept: readonly { what: string; why: string }[];
  };
}

/** The account facts that decide which actions make sense. */
export interface AccountState {
  isEnabled: boolean;
  isAdmin: boolean;
  isSelf: boolean;
  status: string;
}

/** The actions offered for an account: never one that changes nothing, nor one an admin may not do to themselves. */
export function availableActions(account: AccountState): UserAction[] {
  return USER_ACTIONS.filter((action) => {
    if (action === 'disable') return account.isEnabled && !account.isSelf;
    if (action === 'enable') return !account.isEnabled;
    if (action === 'make-admin') return !account.isAdmin;
    if (action === 'remove-admin') return account.isAdmin && !account.isSelf;
    if (action === 'resend-confirmation') return account.status === 'UNCONFIRMED';
    return true;
  });
}

export function actionLabel(action: string): string | undefined {
  return Object.hasOwn(USER_ACTION_LABELS, action)
    ? USER_ACTION_LABELS[action as UserAction]
    : undefined;
}

/**
 * Reload the account only after something changed it: not after the first step of an action
 * (nothing has happened yet), and not after an erasure (the account no longer exists; the page
 * shows the summary).
 */
export function isAccountChanged(result: Pick<UserPageResult, 'intent' | 'summary'> | undefined) {
  return !(result?.summary || result?.intent === 'confirm' || result?.intent === 'review');
}
