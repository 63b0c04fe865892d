import { describe, expect, it, vi } from 'vitest';
import type { Database } from './client.ts';
import { preparedOnce } from './prepared-once.ts';

describe('preparedOnce', () => {
  it('builds a statement once for each database and hands the same one back after', () => {
    const build = vi.fn((db: Database) => ({ for: db }));
    const statementOf = preparedOnce(build);
    const first = {} as Database;
    const second = {} as Database;
    const statement = statementOf(first);
    expect(statementOf(first)).toBe(statement);
    expect(statementOf(second)).not.toBe(statement);
    expect(statementOf(second).for).toBe(second);
    expect(build).toHaveBeenCalledTimes(2);
  });
});
