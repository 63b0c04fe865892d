import { describe, expect, it } from 'vitest';
import { auditQuery, olderPageHref } from './audit-query';

describe('the audit log’s address', () => {
  it('keeps every filter as typed and asks only for those given', () => {
    const { values, filter } = auditQuery(
      new URLSearchParams('action=user.disable&actor=&from=2026-01-02&before=90'),
    );
    expect(values).toEqual({
      action: 'user.disable',
      targetType: '',
      targetId: '',
      actor: '',
      from: '2026-01-02',
      to: '',
    });
    expect(filter).toEqual({ action: 'user.disable', from: '2026-01-02', before: '90', limit: 50 });
  });

  it('pages back with the same filters', () => {
    const params = new URLSearchParams('action=user.erase&before=90');
    expect(olderPageHref(params, 40)).toBe('?action=user.erase&before=40');
    expect(olderPageHref(params, undefined)).toBeNull();
  });
});
