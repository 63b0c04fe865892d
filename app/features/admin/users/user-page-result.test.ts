import { describe, expect, it } from 'vitest';
import { actionLabel, availableActions, isAccountChanged } from './user-page-result';

describe('the user page', () => {
  const active = { isEnabled: true, isAdmin: false, isSelf: false, status: 'CONFIRMED' };

  it('offers only the actions that change something', () => {
    expect(availableActions(active)).toEqual([
      'disable',
      'reset-password',
      'reset-mfa',
      'make-admin',
    ]);
    expect(availableActions({ ...active, isEnabled: false, status: 'UNCONFIRMED' })).toEqual([
      'enable',
      'reset-password',
      'reset-mfa',
      'resend-confirmation',
      'make-admin',
    ]);
  });

  it('never offers an administrator to disable or demote themselves', () => {
    const actions = availableActions({ ...active, isAdmin: true, isSelf: true });
    expect(actions).not.toContain('disable');
    expect(actions).not.toContain('remove-admin');
    expect(availableActions({ ...active, isAdmin: true })).toContain('remove-admin');
  });

  it('labels known actions only', () => {
    expect(actionLabel('enable')).toBe('Re-enable the account');
    expect(actionLabel('toString')).toBeUndefined();
  });

  it('reloads the account only after a change', () => {
    expect(isAccountChanged({ intent: 'act' })).toBe(true);
    expect(isAccountChanged(undefined)).toBe(true);
    expect(isAccountChanged({ intent: 'confirm' })).toBe(false);
    expect(isAccountChanged({ intent: 'review' })).toBe(false);
    const summary = { listingsRemoved: 0, messagesRemoved: 0, enquiriesRedacted: 0, kept: [] };
    expect(isAccountChanged({ intent: 'erase', summary })).toBe(false);
  });
});
